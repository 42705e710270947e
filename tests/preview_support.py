"""Running ``boardgen preview`` as a separate process, as a user does, and headless Chromium
to look at it, for the preview tests and the latency bench.

Chromium is driven over the DevTools protocol on a pipe (``--remote-debugging-pipe``:
JSON messages ending in a NUL byte on file descriptors 3 and 4), with the standard
library only. ``BOARDGEN_CHROMIUM`` names the browser (see ``find_chromium``).
"""

from __future__ import annotations

import base64
import io
import json
import os
import select
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path



def find_chromium() -> str | None:
    """The browser the tests drive: ``BOARDGEN_CHROMIUM`` names it (a command or a path; set
    it empty, or to a name that is nowhere, to test as on a machine without one), else
    Debian's or Ubuntu's ``chromium`` on the PATH."""
    chosen = os.environ.get("BOARDGEN_CHROMIUM")
    if chosen is not None:
        return shutil.which(chosen) if chosen else None
    return shutil.which("chromium") or shutil.which("chromium-browser")


CHROMIUM = find_chromium()

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


# The command line as a terminal runs it in the foreground: Ctrl-C raises KeyboardInterrupt
# even when the tests themselves run as a background job, whose children inherit an ignored
# SIGINT (and Python then installs no handler for it).
RUN_PREVIEW = ("import signal; signal.signal(signal.SIGINT, signal.default_int_handler); "
               "from boardgen.cli import main; main()")


class Served:
    """``boardgen preview`` in a subprocess on a free port; stopped by process id on exit."""

    def __init__(self, *args: str, cwd: Path, port: int | None = None):
        self.port = port or free_port()
        self.url = f"http://127.0.0.1:{self.port}/"
        self.process = subprocess.Popen(
            [sys.executable, "-c", RUN_PREVIEW, "preview", *args, "--port", str(self.port)],
            cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
            env={**os.environ, "PYTHONUNBUFFERED": "1"})

    def __enter__(self) -> "Served":
        deadline = time.monotonic() + STARTUP_S
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise AssertionError(f"preview exited {self.process.returncode}: "
                                     f"{self.process.stderr.read().decode()}")
            try:
                if self.state()["checked"]:
                    return self
            except (OSError, ValueError):
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

    def state(self) -> dict:
        return json.loads(self.get("state")[1])

    def wait_for_version_after(self, version: int, timeout_s: float = 20) -> float:
        """Seconds until the server has checked a version after ``version`` (bounded).

        Pictures are published ahead of the check; waiting for the checked version makes
        a test see the verdict, problems included, not a picture drawn before it.
        """
        start = time.monotonic()
        while time.monotonic() - start < timeout_s:
            state = self.state()
            if state["version"] > version and state["checked"]:
                return time.monotonic() - start
            time.sleep(0.02)
        raise AssertionError(f"no new checked version within {timeout_s} s")

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


FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--force-color-profile=srgb", "--hide-scrollbars", "--window-size=1200,900",
         "--remote-debugging-pipe"]
WAIT_S = 30  # every wait on the browser is bounded


class Browser:
    """Headless Chromium with one page, driven by DevTools commands over a pipe."""

    def __init__(self, profile: Path):
        assert CHROMIUM, "no Chromium to drive (apt install chromium, or set BOARDGEN_CHROMIUM)"
        to_child, self.commands = os.pipe()  # Chromium reads commands on its fd 3
        self.replies, from_child = os.pipe()  # and writes replies on its fd 4
        self.process = subprocess.Popen(
            ["bash", "-c", f'exec "$0" "$@" 3<&{to_child} 4>&{from_child}', CHROMIUM, *FLAGS,
             f"--user-data-dir={profile}", "about:blank"],
            pass_fds=(to_child, from_child), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(to_child)
        os.close(from_child)
        self.buffer = b""
        self.next_id = 0
        self.session = ""

    def call(self, method: str, **params):
        """Send one command (to the page once attached) and wait for its reply."""
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params}
        if self.session:
            message["sessionId"] = self.session
        os.write(self.commands, json.dumps(message).encode() + b"\0")
        deadline = time.monotonic() + WAIT_S
        while time.monotonic() < deadline:
            while b"\0" in self.buffer:
                raw, self.buffer = self.buffer.split(b"\0", 1)
                reply = json.loads(raw)
                if reply.get("id") == self.next_id:
                    assert "error" not in reply, reply
                    return reply["result"]
            ready, _, _ = select.select([self.replies], [], [], 0.5)
            if ready:
                chunk = os.read(self.replies, 1 << 20)
                assert chunk, "chromium closed the pipe"
                self.buffer += chunk
        raise AssertionError(f"chromium did not answer {method} within {WAIT_S} s")

    def open(self, url: str) -> None:
        target = self.call("Target.createTarget", url=url)["targetId"]
        self.session = self.call("Target.attachToTarget", targetId=target,
                                 flatten=True)["sessionId"]

    def evaluate(self, expression: str):
        return self.call("Runtime.evaluate", expression=expression,
                         returnByValue=True)["result"].get("value")

    def wait_for(self, expression: str, what: str):
        """Poll a JavaScript expression until it is true (bounded)."""
        deadline = time.monotonic() + WAIT_S
        while time.monotonic() < deadline:
            if self.evaluate(expression):
                return
            time.sleep(0.05)
        raise AssertionError(f"the page did not show {what} within {WAIT_S} s")

    def screenshot(self):
        from PIL import Image

        data = base64.b64decode(self.call("Page.captureScreenshot", format="png")["data"])
        return Image.open(io.BytesIO(data)).convert("RGB")

    def close(self) -> None:
        os.close(self.commands)
        os.close(self.replies)
        self.process.terminate()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait(timeout=10)
