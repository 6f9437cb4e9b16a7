"""The audit trail records the address of the phone that sent a result."""

from django.test import RequestFactory

from scoring.services import client_ip


def test_connection_address_without_proxies(settings):
    settings.TRUSTED_PROXY_HOPS = 0
    request = RequestFactory().get("/", REMOTE_ADDR="10.0.0.5", HTTP_X_FORWARDED_FOR="1.2.3.4")
    # Without trusted proxies a client-sent header is ignored.
    assert client_ip(request) == "10.0.0.5"


def test_address_seen_by_the_trusted_proxy(settings):
    settings.TRUSTED_PROXY_HOPS = 1
    request = RequestFactory().get(
        "/", REMOTE_ADDR="127.0.0.1", HTTP_X_FORWARDED_FOR="6.6.6.6, 192.168.1.40"
    )
    # The client forged 6.6.6.6; the proxy appended the address it really saw.
    assert client_ip(request) == "192.168.1.40"


def test_garbage_header_falls_back_to_the_connection(settings):
    settings.TRUSTED_PROXY_HOPS = 1
    request = RequestFactory().get("/", REMOTE_ADDR="127.0.0.1", HTTP_X_FORWARDED_FOR="nonsense")
    assert client_ip(request) == "127.0.0.1"
