"""The settings of the uvicorn processes the live tests start (``servers.uvicorn_servers``):
Duplicada's own, with the suite's password hasher (tests/conftest.py), so that a director
the test made can log in to them."""

from config.settings import *  # noqa: F403

PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
