"""gunicorn settings for production: ``gunicorn -c config/gunicorn.conf.py config.asgi:application
-k uvicorn_worker.UvicornWorker`` (or ``config.wsgi`` without live updates).

Each value can be changed through an environment variable of the same name in capitals with
a ``GUNICORN_`` prefix (e.g. ``GUNICORN_WORKERS=16``); docs/operations.md ("Security", "Running in production") say
what the proxy in front must add."""

import os

bind = os.environ.get("GUNICORN_BIND", "127.0.0.1:8001")
# About four per core: a request mostly waits on the database.
workers = int(os.environ.get("GUNICORN_WORKERS", "8"))
timeout = int(os.environ.get("GUNICORN_TIMEOUT", "30"))
graceful_timeout = 5  # open live-update streams are closed, not waited for
keepalive = 5

# Access log on stdout, with team links redacted (their secret is the captain's credential):
# the request line, path, query and Referer pass through config.logging_filters.
accesslog = os.environ.get("GUNICORN_ACCESSLOG", "-")
errorlog = "-"
logger_class = "config.gunicorn_logging.RedactingLogger"
access_log_format = '%(h)s %(l)s %(u)s %(t)s "%(r)s" %(s)s %(b)s "%(f)s" "%(a)s" %(M)sms'

# Request limits, below the proxy's: a request line or header this long is no captain's phone.
limit_request_line = 4094
limit_request_fields = 100
limit_request_field_size = 8190
