"""What keeps the captain's page working without a network: the service worker, and the
strings the page's outbox script shows (static/js/captain.js)."""

from __future__ import annotations

import hashlib
import json
from functools import lru_cache

from django.contrib.staticfiles import finders
from django.http import HttpResponse
from django.template.loader import render_to_string
from django.templatetags.static import static
from django.utils.translation import gettext as _

#: The files the captain's page needs besides itself (cached by the service worker).
CAPTAIN_ASSETS = ("css/duplicada.css", "css/offline.css", "js/scoring.js", "js/live.js",
                  "js/outbox_store.js", "js/captain.js", "js/clock.js", "js/score_pad.js")
CACHE_PREFIX = "duplicada-captain-"


@lru_cache(maxsize=1)
def cache_name() -> str:
    """Changes whenever an asset changes, so that phones drop the old copies."""
    digest = hashlib.sha256()
    for asset in CAPTAIN_ASSETS:
        path = finders.find(asset)
        if path:
            with open(path, "rb") as handle:
                digest.update(handle.read())
    return CACHE_PREFIX + digest.hexdigest()[:12]


def captain_service_worker(request):
    """``/t/sw.js``: its scope is ``/t/``, every captain's page and nothing else."""
    body = render_to_string("scoring/captain_sw.js", {
        "cache_name": cache_name(),
        "cache_prefix": CACHE_PREFIX,
        "assets": json.dumps([static(asset) for asset in CAPTAIN_ASSETS]),
        "offline": json.dumps(_("No network, and this page has not been opened on this "
                                "phone before. Try again when the connection is back.")),
    })
    response = HttpResponse(body, content_type="text/javascript; charset=utf-8")
    response["Cache-Control"] = "no-cache"  # phones look for a new version on each visit
    response["Service-Worker-Allowed"] = "/t/"
    return response


def outbox_strings() -> dict:
    """Every sentence the outbox script shows, translated here (the page passes them on
    in a JSON script tag)."""
    return {
        "queued": _("Saved on this phone, not sent yet."),
        "sending": _("Sending…"),
        "sent": _("Sent."),
        "refused": _("Not accepted:"),
        "refused_hint": _("What you typed is still in the form: correct it and send it "
                          "again, or ask the director."),
        "offline": _("No connection: it is sent by itself as soon as the network is back."),
        "offline_banner": _("No network: what you enter is kept on this phone and sent by "
                            "itself when the connection is back."),
        "send_now": _("Send now"),
        "dismiss": _("Dismiss"),
        "status_error": _("The server did not accept it (error %(status)s).")
        % {"status": "{status}"},
        "pin_offline": _("Confirming with a PIN needs the network. Try again when the "
                         "connection is back."),
        "result": _("Result of deal {deal}"),
        "confirm": _("Confirmation of deal {deal}"),
        "dispute": _("Dispute of deal {deal}"),
    }
