import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
django_application = get_asgi_application()

from config.access_log import with_access_log  # noqa: E402 (after Django is set up)
from live.asgi import with_live  # noqa: E402

# Live updates' event stream (/live/) is served before Django: see live/asgi.py. Outermost,
# the access log's line with each request's time (config/access_log.py).
application = with_access_log(with_live(django_application))
