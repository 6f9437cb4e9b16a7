"""The individual format's player URLs (see ``formats.abarrotada.urls``)."""

urlpatterns: list = []
