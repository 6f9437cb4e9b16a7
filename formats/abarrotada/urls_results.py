"""The individual format's results URLs (see ``formats.abarrotada.urls``)."""

urlpatterns: list = []
