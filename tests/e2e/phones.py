"""Browser contexts the size of a phone (shared by the fixtures and the tests)."""

PHONE = {"width": 390, "height": 844}


def phone_context(browser, **options):
    """A fresh browser context the size of a phone, in English."""
    context = browser.new_context(viewport=PHONE, locale="en-US", is_mobile=True,
                                  has_touch=True, **options)
    context.set_default_timeout(15_000)
    return context
