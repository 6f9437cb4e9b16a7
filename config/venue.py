"""Venue mode: the environment of ``manage.py venue``, prepared before Django's settings load.

At a club the director runs one laptop on the venue's Wi-Fi and the captains' phones reach
it there. ``manage.py`` calls :func:`prepare_environment` when its command is ``venue``, so
the director sets no variable by hand: this module picks the public address, generates a
secret key once (kept in ``var/``), and sets ``DEBUG``, ``SECRET_KEY``, ``ALLOWED_HOSTS``,
``CSRF_TRUSTED_ORIGINS`` and ``PUBLIC_BASE_URL``. Variables the director did set win.

The address on the team cards (README, "At the club"): the laptop's mDNS name
(``<hostname>.local``) when the laptop answers to it, because it stays the same when the
Wi-Fi hands the laptop another IP address, so printed cards keep working; otherwise the
laptop's IP address on the network (then keep that address: reserve it in the router).
``--address`` chooses another name or address.

Pure Python and portable: no POSIX-only call (clubs' laptops are mostly Windows). Django is
not imported here.
"""

from __future__ import annotations

import argparse
import ipaddress
import os
import secrets
import socket
import threading
from dataclasses import dataclass
from pathlib import Path

BASE_DIR = Path(__file__).resolve().parent.parent
DEFAULT_PORT = 8000
WILDCARDS = {"0.0.0.0", "::", ""}
KEY_FILE = "venue-secret-key.txt"


@dataclass(frozen=True)
class VenuePlan:
    host: str  # where the server listens
    port: int
    address: str  # the host name or IP address the phones use
    base_url: str  # http://address:port (on team cards and QR codes)
    allowed_hosts: list[str]
    data_dir: Path
    how_chosen: str  # "given", "listening address", "mDNS name", "network address"


def parser() -> argparse.ArgumentParser:
    """The options of ``manage.py venue`` that matter before the settings load."""
    p = argparse.ArgumentParser(add_help=False)
    p.add_argument("--host", default="0.0.0.0")
    p.add_argument("--port", type=int, default=DEFAULT_PORT)
    p.add_argument("--address", default="")
    p.add_argument("--data-dir", default="")
    return p


def lan_address() -> str | None:
    """The laptop's IP address on the network that leads outside (no packet is sent: a UDP
    socket is only connected, which picks the interface)."""
    for probe in ("192.0.2.1", "10.255.255.255"):
        try:
            with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
                s.connect((probe, 9))
                found = s.getsockname()[0]
        except OSError:
            continue
        if found and not found.startswith("0."):
            return found
    return None


def _resolve(name: str, timeout: float = 2.0) -> set[str]:
    """The IPv4 addresses ``name`` resolves to here, or nothing after ``timeout`` seconds
    (a name lookup has no timeout of its own)."""
    found: set[str] = set()

    def look() -> None:
        try:
            found.update(info[4][0] for info in socket.getaddrinfo(name, None, socket.AF_INET))
        except OSError:
            pass

    worker = threading.Thread(target=look, daemon=True)
    worker.start()
    worker.join(timeout)
    return set(found) if not worker.is_alive() else set()


def mdns_name() -> str | None:
    """``<hostname>.local`` if this laptop answers to it (macOS always, Windows 10 and
    later, Linux with Avahi), else None."""
    host = socket.gethostname().split(".")[0]
    if not host or host == "localhost":
        return None
    name = f"{host}.local"
    addresses = _resolve(name)
    if not addresses:
        return None
    own = {lan_address(), "127.0.0.1"} | _resolve(socket.gethostname())
    return name if addresses & own or any(ipaddress.ip_address(a).is_private
                                          for a in addresses) else None


def choose_address(host: str, given: str = "") -> tuple[str, str]:
    """The address phones use, and how it was chosen."""
    if given:
        return given, "given"
    if host not in WILDCARDS:
        return host, "listening address"
    name = mdns_name()
    if name:
        return name, "mDNS name"
    return lan_address() or "127.0.0.1", "network address"


def _url_host(address: str) -> str:
    try:
        if ipaddress.ip_address(address).version == 6:
            return f"[{address}]"
    except ValueError:
        pass
    return address


def plan(args: list[str]) -> VenuePlan:
    options, _rest = parser().parse_known_args(args)
    address, how = choose_address(options.host, options.address.strip())
    port = options.port
    base_url = f"http://{_url_host(address)}" + ("" if port == 80 else f":{port}")
    allowed = [address, "localhost", "127.0.0.1", "[::1]"]
    for extra in (lan_address(), socket.gethostname(), None if options.host in WILDCARDS
                  else options.host):
        if extra and extra not in allowed:
            allowed.append(extra)
    data_dir = Path(options.data_dir) if options.data_dir else BASE_DIR / "var"
    return VenuePlan(options.host, port, address, base_url, allowed, data_dir, how)


def secret_key(data_dir: Path) -> str:
    """The venue's secret key: generated the first time and kept in ``data_dir``, so that
    directors stay logged in across restarts."""
    data_dir.mkdir(parents=True, exist_ok=True)
    path = data_dir / KEY_FILE
    if path.exists():
        key = path.read_text(encoding="ascii").strip()
        if len(key) >= 50:
            return key
    key = secrets.token_urlsafe(50)
    # Readable by its owner only where the system has such permissions (a no-op elsewhere).
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w", encoding="ascii") as handle:
        handle.write(key + "\n")
    return key


def prepare_environment(args: list[str]) -> VenuePlan:
    """Set the environment the settings read, for the venue; returns the plan the command
    prints and serves."""
    venue = plan(args)
    env = os.environ
    env["DEBUG"] = "0"
    env.setdefault("SECRET_KEY", secret_key(venue.data_dir))
    env["ALLOWED_HOSTS"] = ",".join(venue.allowed_hosts)
    env["CSRF_TRUSTED_ORIGINS"] = venue.base_url
    env["PUBLIC_BASE_URL"] = venue.base_url
    env["DUPLICADA_DATA_DIR"] = str(venue.data_dir)  # the SQLite database, unless DATABASE_URL
    global CURRENT
    CURRENT = venue
    return venue


# The plan prepare_environment made for this process (read by the venue command).
CURRENT: VenuePlan | None = None


def terminal_qr(url: str) -> str:
    """The QR code of ``url`` for a terminal, two modules a character (half blocks).

    Blocks are the light modules, so that on a dark terminal (the default on Windows, macOS
    and Linux) the code reads dark on light, quiet zone included."""
    import segno

    rows = [list(row) for row in segno.make(url, error="m", boost_error=False).matrix_iter(
        scale=1, border=2)]
    if len(rows) % 2:
        rows.append([0] * len(rows[0]))
    chars = {(False, False): "█", (True, False): "▄", (False, True): "▀", (True, True): " "}
    return "\n".join(
        "".join(chars[(bool(top), bool(bottom))] for top, bottom in zip(rows[i], rows[i + 1],
                                                                         strict=True))
        for i in range(0, len(rows), 2)
    )
