"""Running ``boardgen preview`` as a separate process, as a user does, for the preview tests."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

STARTUP_S = 60  # a loaded two-core machine imports and checks slowly; a fast one takes 2 s


def free_port() -> int:
    """A port nothing listens on now (the system picks it for a socket bound to port 0)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def fetch(url: str, host: str | None = None) -> tuple[int, bytes]:
    """Status and body of a GET (an error status is returned, not raised)."""
    request = urllib.request.Request(url, headers={"Host": host} if host else {})
    try:
        with urllib.request.urlopen(request, timeout=10) as reply:
            return reply.status, reply.read()
    except urllib.error.HTTPError as error:
        return error.code, error.read()


class Served:
    """``boardgen preview`` in a subprocess on a free port; stopped by process id on exit."""

    def __init__(self, *args: str, cwd: Path, port: int | None = None):
        self.port = port or free_port()
        self.url = f"http://127.0.0.1:{self.port}/"
        self.process = subprocess.Popen(
            [sys.executable, "-c", "from boardgen.cli import main; main()", "preview", *args, "--port", str(self.port)],
            cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
            env={**os.environ, "PYTHONUNBUFFERED": "1"})

    def __enter__(self) -> "Served":
        deadline = time.monotonic() + STARTUP_S
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise AssertionError(f"preview exited {self.process.returncode}: "
                                     f"{self.process.stderr.read().decode()}")
            try:
                if fetch(self.url + "version")[1].strip() not in (b"", b"0"):
                    return self
            except OSError:
                pass
            time.sleep(0.1)
        self.stop()
        raise AssertionError(f"preview did not answer within {STARTUP_S} s")

    def __exit__(self, *_exc) -> None:
        self.stop()

    def get(self, path: str) -> tuple[int, bytes]:
        return fetch(self.url + path)

    def version(self) -> int:
        return int(self.get("version")[1])

    def wait_for_version_after(self, version: int, timeout_s: float = 20) -> float:
        """Seconds until the server shows a version after ``version`` (bounded)."""
        start = time.monotonic()
        while time.monotonic() - start < timeout_s:
            if self.version() > version:
                return time.monotonic() - start
            time.sleep(0.02)
        raise AssertionError(f"no new version within {timeout_s} s")

    def stop(self, sig: int = signal.SIGTERM) -> int:
        """Stop the process (``sig``, then kill if it hangs); its exit code."""
        if self.process.poll() is None:
            self.process.send_signal(sig)
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=10)
        self.process.stdout.close()
        self.process.stderr.close()
        return self.process.returncode
