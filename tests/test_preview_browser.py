"""The preview in real headless Chromium: load the page, edit the layout, see the new picture.

Chromium is driven over the DevTools protocol (see ``preview_support.Browser``).
Skipped where Chromium is missing, unless CI is set.
"""

from __future__ import annotations

from tests.conftest import missing
from tests.preview_support import CHROMIUM, Browser, Served
from tests.test_preview import set_dark, starter

if CHROMIUM is None:
    missing("Chromium is not installed", "chromium")

PICTURES_SHOWN = ("document.images.length > 0 && Array.from(document.images)"
                  ".every(image => image.complete && image.naturalWidth > 0)")


def pixels_of(image, colour: str) -> int:
    """How many pixels of a screenshot have exactly this colour."""
    wanted = tuple(int(colour[i:i + 2], 16) for i in (1, 3, 5))
    return sum(count for count, rgb in image.getcolors(image.width * image.height) if rgb == wanted)


def shown_after(version: str) -> str:
    """JavaScript: the page shows a checked version other than ``version``, every picture loaded."""
    return (f"document.body && document.body.dataset.version !== '{version}'"
            f" && document.body.dataset.checked === 'true' && {PICTURES_SHOWN}")


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
            browser.evaluate("window.samePage = true")
            set_dark(layout, "#c0392b")
            browser.wait_for(shown_after(version), "the edit")
            after = browser.screenshot()
            assert pixels_of(after, "#c0392b") > 5000 and pixels_of(after, "#1f5f8b") == 0
            assert browser.evaluate("window.samePage === true")  # swapped in place, no reload

            good = layout.read_text("utf-8")
            layout.write_text(good + "[board]\nsquare_mm = -1\n", "utf-8")
            browser.wait_for("document.querySelector('.problems') !== null", "the problem")
            assert "square_mm" in browser.evaluate("document.querySelector('.problems').innerText")
            assert browser.evaluate("document.images.length") == 0

            version = browser.evaluate("document.body.dataset.version")
            layout.write_text(good, "utf-8")
            browser.wait_for(shown_after(version), "the pictures again")
            assert browser.evaluate("document.querySelector('.problems') === null")
            assert pixels_of(browser.screenshot(), "#c0392b") > 5000
        finally:
            browser.close()
