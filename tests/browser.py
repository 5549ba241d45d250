"""A real headless browser for the tests that render pages (the notebook views, the replays): Debian's
``chromium`` and ``chromium-driver`` driven with selenium. CI installs them (.ci/run) and sets
``SJ_REQUIRE_BROWSER=1``, so there a missing browser fails the run instead of skipping the tests."""

from __future__ import annotations

import os
import shutil
import struct
import zlib
from collections.abc import Iterator

import numpy as np
import pytest


def _missing() -> str | None:
    if shutil.which("chromium") is None and shutil.which("chromium-browser") is None:
        return "Chromium is not installed (Debian: apt-get install chromium chromium-driver)"
    if shutil.which("chromedriver") is None:
        return "chromedriver is not installed (Debian: apt-get install chromium-driver)"
    try:
        import selenium  # noqa: F401
    except ImportError:
        return "selenium is not installed (pip install selenium; the test extra has it)"
    return None


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    """A headless Chromium (selenium WebDriver), shared by the session's tests."""
    why = _missing()
    if why is not None:
        if os.environ.get("SJ_REQUIRE_BROWSER") == "1":
            pytest.fail(f"SJ_REQUIRE_BROWSER=1 and {why}")
        pytest.skip(why)
    from selenium import webdriver

    opts = webdriver.ChromeOptions()
    opts.binary_location = shutil.which("chromium") or shutil.which("chromium-browser") or ""
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=1100,700"):
        opts.add_argument(arg)
    service = webdriver.ChromeService(executable_path=shutil.which("chromedriver"))
    driver = webdriver.Chrome(options=opts, service=service)
    try:
        yield driver
    finally:
        driver.quit()


def screenshot(driver: object) -> np.ndarray:
    """The window's pixels (height, width, channels) from the driver's PNG screenshot."""
    return png_pixels(driver.get_screenshot_as_png())  # type: ignore[attr-defined]


def ink(img: np.ndarray) -> tuple[float, float, float]:
    """Fractions of pixels that are dark, red (suit symbols) and blue (chart bars)."""
    r, g, b = (img[..., i].astype(int) for i in range(3))
    return float(((r + g + b) < 600).mean()), float((r - b > 80).mean()), float((b - r > 80).mean())


def png_pixels(data: bytes) -> np.ndarray:
    """The RGB(A) pixels of a PNG (non-interlaced, 8-bit), read with zlib only."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    pos, idat, width = 8, b"", 0
    while pos < len(data):
        n, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + n]
        if kind == b"IHDR":
            width, height, depth, color = struct.unpack(">IIBB", body[:10])
            channels = {2: 3, 6: 4}[color]
        elif kind == b"IDAT":
            idat += body
        pos += 12 + n
    raw = zlib.decompress(idat)
    stride = width * channels
    out = np.zeros((height, stride), dtype=np.uint8)
    prev = np.zeros(stride, dtype=np.int32)
    for y in range(height):
        f, line = raw[y * (stride + 1)], np.frombuffer(raw, dtype=np.uint8, count=stride, offset=y * (stride + 1) + 1)
        cur = line.astype(np.int32)
        if f == 1:
            for x in range(channels, stride):
                cur[x] = (cur[x] + cur[x - channels]) & 255
        elif f == 2:
            cur = (cur + prev) & 255
        elif f == 3:
            for x in range(stride):
                left = cur[x - channels] if x >= channels else 0
                cur[x] = (cur[x] + (left + prev[x]) // 2) & 255
        elif f == 4:
            for x in range(stride):
                a = cur[x - channels] if x >= channels else 0
                b, c = prev[x], prev[x - channels] if x >= channels else 0
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                cur[x] = (cur[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        out[y] = cur
        prev = cur
    return out.reshape(height, width, channels)
