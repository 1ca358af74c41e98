#!/usr/bin/env python3
"""Checks the screens page of a stress report (screens.html and its pictures/screens-N.js) in headless
Chromium: each finding's screen is drawn, lazily, with the failing text outlined.

Usage: screens-driver.py REPORT_DIR SCREENSHOT.png

- Load: the page has a section per finding group of report.json's `screens` part, and a figure per
  locale's first finding of each group; no picture is in the page itself (they load from
  pictures/screens-N.js).
- Pictures: every figure, scrolled into view, loads its picture: an SVG as large as the device's
  screen in points (plus its margin), with exactly one outline of its own (`rect.finding-shown`).
- The German title's picture (de, accessibility4, iPhone SE): in the screenshot its outline is red
  (#d1242f) where the SVG puts it, and inside the outline there are dark pixels: the text it outlines.
Saves a screenshot of that picture. Exits 0 when every check holds, 1 otherwise. Standard library only.
"""
import json, pathlib, struct, sys, time, zlib

from cdp import Browser, Checks

REPORT, SHOT = sys.argv[1], sys.argv[2]


def pixels(png):
    """Decodes an 8-bit RGB or RGBA, non-interlaced PNG (what Chromium's screenshots are) into rows of (r, g, b)."""
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    position, data, width, height, channels = 8, b"", 0, 0, 0
    while position < len(png):
        length, kind = struct.unpack(">I4s", png[position:position + 8])
        body = png[position + 8:position + 8 + length]
        if kind == b"IHDR":
            width, height, depth, colour = struct.unpack(">IIBB", body[:10])
            assert depth == 8 and colour in (2, 6), (depth, colour)
            channels = 3 if colour == 2 else 4
        elif kind == b"IDAT":
            data += body
        position += 12 + length
    raw, stride, rows, previous = zlib.decompress(data), width * channels, [], bytearray(width * channels)
    for y in range(height):
        kind, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for x in range(stride):
            a = line[x - channels] if x >= channels else 0
            b, c = previous[x], previous[x - channels] if x >= channels else 0
            if kind == 1: line[x] = (line[x] + a) & 255
            elif kind == 2: line[x] = (line[x] + b) & 255
            elif kind == 3: line[x] = (line[x] + (a + b) // 2) & 255
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[x] = (line[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append([tuple(line[x * channels:x * channels + 3]) for x in range(width)])
        previous = line
    return rows


def wait_until(browser, expression, seconds=30):
    end = time.time() + seconds
    while time.time() < end:
        if browser.evaluate(expression):
            return True
        time.sleep(0.05)
    return False


def main():
    check = Checks()
    report = json.loads(pathlib.Path(REPORT, "report.json").read_text())
    screens = report["screens"]
    groups = screens["groups"]
    figures_expected = sum(len(g["locales"]) for g in groups)
    page = pathlib.Path(REPORT, "screens.html").resolve()
    html = page.read_text()
    check("rect class=\"finding" not in html, "screens.html holds no picture: they load from pictures/screens-N.js")
    browser = Browser()
    try:
        browser.open(page.as_uri())
        check(wait_until(browser, "document.readyState === 'complete'"), "the page loads")
        sections = browser.evaluate("document.querySelectorAll('section.group').length")
        figures = browser.evaluate("document.querySelectorAll('figure.shot[data-picture]').length")
        check(sections == len(groups), f"a section per finding group ({sections}; report.json: {len(groups)})")
        check(figures == figures_expected, f"a picture per locale of each group ({figures}; report.json: {figures_expected})")
        drawn = browser.evaluate("""(async () => {
          const out = [];
          for (const figure of document.querySelectorAll('figure.shot[data-picture]')) {
            figure.scrollIntoView();
            for (let t = 0; t < 200 && !figure.dataset.loaded; t++) await new Promise((r) => setTimeout(r, 25));
            const svg = figure.querySelector('svg');
            out.push([figure.dataset.locale, figure.dataset.device, !!figure.dataset.loaded, svg ? svg.getAttribute('viewBox') : null,
                      figure.querySelectorAll('rect.finding-shown').length]);
          }
          return out;
        })()""")
        check(all(d[2] for d in drawn), f"every picture loads when scrolled into view ({sum(d[2] for d in drawn)} of {len(drawn)})")
        check(all(d[4] == 1 for d in drawn), "each picture outlines its own text once")
        se = [d for d in drawn if d[1] == "iPhone SE (3rd generation)"]
        boxes = [list(map(float, d[3].split())) for d in se if d[3]]
        check(se and all(b[0] == b[1] and b[2] == 375 - 2 * b[0] and b[3] == 667 - 2 * b[0] for b in boxes),
              f"an iPhone SE picture is its 375 × 667-pt screen ({[d[3] for d in se]})")
        # The German title's picture, at 2 CSS px per point so the 3-pt outline is whole pixels.
        box = browser.evaluate("""(() => {
          const figure = document.querySelector('figure.shot[data-locale="de"][data-size="accessibility4"]');
          if (!figure) return null;
          figure.querySelector('.picture').style.width = '750px';
          figure.style.maxWidth = 'none';
          figure.scrollIntoView();
          const rect = figure.querySelector('rect.finding-shown'), svg = figure.querySelector('svg');
          const r = rect.getBoundingClientRect(), s = svg.getBoundingClientRect();
          return {x: r.left + scrollX, y: r.top + scrollY, width: r.width, height: r.height, stroke: rect.getAttribute('stroke'),
                  svg: {x: s.left + scrollX, y: s.top + scrollY, width: s.width, height: s.height}};
        })()""")
        check(box is not None and box["stroke"] == "#d1242f", f"the German title's picture has a red outline ({box and box['stroke']})")
        if box:
            clip = {k: box["svg"][k] for k in ("x", "y", "width", "height")}
            png = browser.png(clip)
            pathlib.Path(SHOT).parent.mkdir(parents=True, exist_ok=True)
            pathlib.Path(SHOT).write_bytes(png)
            rows = pixels(png)
            left = round(box["x"] - clip["x"]); top = round(box["y"] - clip["y"])
            right = round(box["x"] + box["width"] - clip["x"]) - 1; bottom = round(box["y"] + box["height"] - clip["y"]) - 1
            red = lambda p: p[0] > 180 and p[1] < 90 and p[2] < 100
            edge = [rows[y][x] for y in range(top + 4, bottom - 4) for x in (left + 1, right - 1)]
            check(edge and sum(map(red, edge)) > 0.9 * len(edge), f"the outline's sides are red in the screenshot ({sum(map(red, edge))} of {len(edge)} pixels)")
            inside = [rows[y][x] for y in range(top + 8, bottom - 8) for x in range(left + 8, right - 8)]
            dark = sum(1 for p in inside if max(p) < 100)
            check(dark > 200, f"inside the outline the text is drawn ({dark} dark pixels)")
            outside = [rows[y][x] for y in range(top + 8, bottom - 8) for x in range(max(0, left - 40), left - 6)]
            check(not any(red(p) for p in outside), "left of the outline nothing is red")
    finally:
        browser.close()
    return check.summary("screens report")


if __name__ == "__main__":
    sys.exit(main())
