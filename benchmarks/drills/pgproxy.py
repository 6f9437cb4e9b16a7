"""A tiny TCP proxy on the loopback, between the web server and PostgreSQL, that a drill
can cut: :meth:`TcpProxy.cut` stops listening and closes every connection at once (the
database "goes away"); :meth:`TcpProxy.start` listens again on the same port.

Each connection is a pair of sockets and two pumping threads. The proxy notes when bytes
last went up (client to server) and down: a connection whose last bytes went up is
waiting for PostgreSQL, i.e. a query or a commit is in flight (:meth:`busy`).
"""

from __future__ import annotations

import socket
import threading
import time

from benchmarks.load.common import LOOPBACK
from benchmarks.load.server import free_port


class _Pair:
    def __init__(self, client: socket.socket, server: socket.socket) -> None:
        self.client = client
        self.server = server
        self.up_at = 0.0
        self.down_at = 0.0
        self._closed = False
        self._lock = threading.Lock()

    def close(self) -> bool:
        with self._lock:
            if self._closed:
                return False
            self._closed = True
        for sock in (self.client, self.server):
            try:
                sock.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
            sock.close()
        return True

    @property
    def waiting_for_server(self) -> bool:
        return self.up_at > self.down_at


class TcpProxy:
    def __init__(self, upstream_port: int, upstream_host: str = LOOPBACK) -> None:
        self.upstream = (upstream_host, upstream_port)
        self.port = free_port()
        self.accepted = 0
        self._pairs: set[_Pair] = set()
        self._lock = threading.Lock()
        self._listener: socket.socket | None = None
        self._acceptor: threading.Thread | None = None

    # --- Listening ------------------------------------------------------------------------

    def start(self) -> TcpProxy:
        listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listener.bind((LOOPBACK, self.port))
        listener.listen(128)
        listener.settimeout(0.2)  # the accept loop notices a cut within this
        self._listener = listener
        self._acceptor = threading.Thread(target=self._accept, args=(listener,),
                                          name="proxy-accept", daemon=True)
        self._acceptor.start()
        return self

    def _accept(self, listener: socket.socket) -> None:
        while self._listener is listener:
            try:
                client, _ = listener.accept()
            except TimeoutError:
                continue
            except OSError:
                return  # closed by cut()
            if self._listener is not listener:
                client.close()
                return
            try:
                server = socket.create_connection(self.upstream, timeout=5)
            except OSError:
                client.close()
                continue
            server.settimeout(None)
            client.settimeout(None)
            pair = _Pair(client, server)
            with self._lock:
                self._pairs.add(pair)
                self.accepted += 1
            for source, target, up in ((client, server, True), (server, client, False)):
                threading.Thread(target=self._pump, args=(pair, source, target, up),
                                 name="proxy-pump", daemon=True).start()

    def _pump(self, pair: _Pair, source: socket.socket, target: socket.socket, up: bool) -> None:
        try:
            while data := source.recv(65536):
                if up:
                    pair.up_at = time.monotonic()
                else:
                    pair.down_at = time.monotonic()
                target.sendall(data)
        except OSError:
            pass
        finally:
            pair.close()
            with self._lock:
                self._pairs.discard(pair)

    # --- Observing and cutting ------------------------------------------------------------

    def connections(self) -> int:
        with self._lock:
            return len(self._pairs)

    def busy(self) -> int:
        """Connections waiting for PostgreSQL's answer (a query or commit in flight)."""
        with self._lock:
            return sum(1 for pair in self._pairs if pair.waiting_for_server)

    def cut(self) -> int:
        """Stop listening and close every connection; returns how many were closed."""
        listener, self._listener = self._listener, None
        if listener is not None:
            try:
                listener.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
            listener.close()
        if self._acceptor is not None:
            self._acceptor.join(2)
            self._acceptor = None
        with self._lock:
            pairs = list(self._pairs)
            self._pairs.clear()
        return sum(1 for pair in pairs if pair.close())

    def listening(self) -> bool:
        return self._listener is not None
