"""The preview answers every request within its time or closes it, with a bounded number of
threads: a malformed version number is a 400, a request that never arrives whole is closed,
and connections past the limit are told the server is busy."""

from __future__ import annotations

import socket
import threading
import time

import pytest

from boardgen import preview
from boardgen.preview import Preview, PreviewServer


@pytest.fixture
def server(monkeypatch, tmp_path):
    """A preview server of a shipped game in this process, with short limits."""
    monkeypatch.setattr(preview, "REQUEST_S", 1.0)
    monkeypatch.setattr(preview.Handler, "timeout", 1.0)
    monkeypatch.setattr(preview, "MAX_CONNECTIONS", 6)
    served = PreviewServer(Preview("racing_kings"), 0)
    thread = threading.Thread(target=served.serve_forever, kwargs={"poll_interval": 0.05},
                              daemon=True)
    thread.start()
    yield served
    served.shutdown()
    served.server_close()
    thread.join(timeout=5)


def connect(server) -> socket.socket:
    return socket.create_connection(("127.0.0.1", server.server_address[1]), timeout=10)


def request(server, target: bytes) -> bytes:
    """The whole reply to ``GET target``."""
    with connect(server) as client:
        host = f"127.0.0.1:{server.server_address[1]}".encode()
        client.sendall(b"GET " + target + b" HTTP/1.1\r\nHost: " + host
                       + b"\r\nConnection: close\r\n\r\n")
        reply = b""
        while chunk := client.recv(65536):
            reply += chunk
    return reply


@pytest.mark.parametrize("since", [b"--5", b"%D9%A5", "\u0665".encode("utf-8"), b"5" * 5000,
                                   b"", b"1e3", b"+3", b" 4"])
def test_a_version_that_is_no_number_is_a_bad_request(server, since):
    reply = request(server, b"/events?since=" + since.replace(b" ", b"%20"))
    assert reply.startswith(b"HTTP/1.0 400 ") or reply.startswith(b"HTTP/1.1 400 "), reply[:80]
    assert reply.endswith(b"since must be a version number\n")


def test_a_version_number_opens_the_event_stream(server):
    with connect(server) as client:
        client.sendall(f"GET /events?since=-1 HTTP/1.1\r\nHost: 127.0.0.1:"
                       f"{server.server_address[1]}\r\n\r\n".encode())
        head = client.recv(65536)
    assert head.startswith(b"HTTP/1.0 200") and b"text/event-stream" in head


def closed_after(client: socket.socket, feed: bytes = b"") -> float:
    """Seconds until the server closes the connection (feeding it a byte at a time)."""
    start = time.monotonic()
    client.settimeout(0.3)
    while time.monotonic() - start < 10:
        try:
            if client.recv(65536) == b"":
                return time.monotonic() - start
        except TimeoutError:
            if feed:
                try:
                    client.sendall(feed)
                except OSError:
                    return time.monotonic() - start
        except OSError:
            return time.monotonic() - start
    return float("inf")


def test_a_request_that_never_ends_is_closed(server):
    with connect(server) as client:
        client.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")  # no blank line: never ends
        assert closed_after(client) < 3


def test_a_request_sent_a_byte_at_a_time_is_closed_in_time(server):
    with connect(server) as client:
        client.sendall(b"GET / HTTP/1.1\r\n")
        assert closed_after(client, feed=b"X") < 3


def test_connections_past_the_limit_are_told_the_server_is_busy(server, monkeypatch):
    monkeypatch.setattr(preview, "REQUEST_S", 4.0)  # the held ones stay held while counted
    monkeypatch.setattr(preview.Handler, "timeout", 4.0)
    before = threading.active_count()
    held = [connect(server) for _ in range(preview.MAX_CONNECTIONS)]
    try:
        for client in held:
            client.sendall(b"GET / HTTP/1.1\r\n")  # half-open: each holds a thread
        time.sleep(0.3)
        replies = []
        for _ in range(40):
            with connect(server) as client:
                replies.append(client.recv(65536))
        assert all(reply.startswith(b"HTTP/1.1 503 ") for reply in replies), [r[:40] for r in replies if not r.startswith(b"HTTP/1.1 503")]
        assert threading.active_count() <= before + preview.MAX_CONNECTIONS
    finally:
        for client in held:
            client.close()
    deadline = time.monotonic() + 10  # the held ones time out and their threads end
    while threading.active_count() > before and time.monotonic() < deadline:
        time.sleep(0.1)
    assert threading.active_count() <= before
    assert request(server, b"/version").startswith(b"HTTP/1.0 200")
