"""Locale formats: dates as d/m/Y in every language (settings.FORMAT_MODULE_PATH)."""
