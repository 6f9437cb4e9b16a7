"""The stream's address under a WSGI server (runserver, gunicorn's sync workers).

An endless response would hold a sync worker, so under WSGI ``/live/`` answers
``204 No Content``: the browser's EventSource gives up and the page polls instead. Served
through ``config.asgi`` the ASGI endpoint (``live.asgi``) answers first.
"""

from django.http import HttpResponse


def unavailable(request):
    response = HttpResponse(status=204)
    response["Cache-Control"] = "no-store"
    return response
