import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
django_application = get_asgi_application()

from live.asgi import with_live  # noqa: E402 (after Django is set up)

# Live updates' event stream (/live/) is served before Django: see live/asgi.py.
application = with_live(django_application)
