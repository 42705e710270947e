"""The preview in real headless Chromium: load the page, edit the layout, see the new picture.

Chromium is driven over the DevTools protocol on a pipe (``--remote-debugging-pipe``:
JSON messages ending in a NUL byte on file descriptors 3 and 4), with the standard
library only. Skipped where Chromium is missing, unless CI is set.
"""

from __future__ import annotations

import base64
import io
import json
import os
import select
import shutil
import subprocess
import time
from pathlib import Path

import pytest

from tests.preview_support import Served
from tests.test_preview import set_dark, starter

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
pytestmark = pytest.mark.skipif(CHROMIUM is None and not os.environ.get("CI"),
                                reason="chromium is not installed (apt install chromium)")

FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--force-color-profile=srgb", "--hide-scrollbars", "--window-size=1200,900",
         "--remote-debugging-pipe"]
WAIT_S = 30  # every wait on the browser is bounded


class Browser:
    """Headless Chromium with one page, driven by DevTools commands over a pipe."""

    def __init__(self, profile: Path):
        assert CHROMIUM, "CI is set but chromium is missing (apt-get install chromium)"
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


PICTURES_SHOWN = ("document.images.length > 0 && Array.from(document.images)"
                  ".every(image => image.complete && image.naturalWidth > 0)")


def pixels_of(image, colour: str) -> int:
    """How many pixels of a screenshot have exactly this colour."""
    wanted = tuple(int(colour[i:i + 2], 16) for i in (1, 3, 5))
    return sum(count for count, rgb in image.getcolors(image.width * image.height) if rgb == wanted)


def test_an_edit_shows_in_the_browser_by_itself(tmp_path):
    layout = starter(tmp_path)
    set_dark(layout, "#1f5f8b")
    with Served(str(layout), cwd=tmp_path) as served:
        browser = Browser(tmp_path / "profile")
        try:
            browser.open(served.url)
            browser.wait_for(PICTURES_SHOWN, "its pictures")
            version = browser.evaluate("document.body.dataset.version")
            before = browser.screenshot()
            assert pixels_of(before, "#1f5f8b") > 5000  # the board's dark squares are drawn
            edited = time.monotonic()
            set_dark(layout, "#c0392b")
            browser.wait_for(f"document.body && document.body.dataset.version !== '{version}'"
                             f" && {PICTURES_SHOWN}", "the edit")
            seconds = time.monotonic() - edited  # a second for one game; slack for a loaded CI
            assert seconds < 5, f"the page took {seconds:.2f} s to show the edit"
            after = browser.screenshot()
            assert pixels_of(after, "#c0392b") > 5000 and pixels_of(after, "#1f5f8b") == 0
            layout.write_text(layout.read_text("utf-8") + "[board]\nsquare_mm = -1\n", "utf-8")
            browser.wait_for("document.querySelector('.problems') !== null", "the problem")
            assert "square_mm" in browser.evaluate("document.querySelector('.problems').innerText")
            assert browser.evaluate("document.images.length") == 0
        finally:
            browser.close()
