"""The individual format's director URLs (see ``formats.abarrotada.urls``)."""

urlpatterns: list = []
