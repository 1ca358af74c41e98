#!/usr/bin/env python3
"""Checks a stress report (index.html and its pictures/N.js) in headless Chromium.

Usage: report-driver.py REPORT_DIR SCREENSHOT.png
Environment: MAX_PAGES (default: all) — how many pages of 100 failing rows to check for pictures;
COLOUR_GLYPHS=1 — the glyph sheet must hold colour bitmaps (the test report has emoji).

- Load: the page fills its table; prints DOMContentLoaded, load and table-filled times and the sizes
  of index.html and of the report folder.
- Rows: one per key × locale × variant, as report.json has them (the count shown says so), the
  failing ones (the default filter) as many as report.json's first failures.
- Sorting: by excess, the rows' numeric excess (data-excess) never increases and the first is
  report.json's largest; by key, keys never decrease.
- Filters: by locale, status and key (a substring): every row shown matches, the others are hidden,
  and the count shown is report.json's.
- Pictures: every failing row has a picture, which loads (its pictures/N.js) when scrolled into
  view, and is drawn at >= 1 CSS px per point: its rendered width is at least its container's
  width in points (the dashed box's `width`).
- Widths: at 1280 and 390 CSS px the page does not scroll sideways (document.documentElement.scrollWidth
  against the window's width, the first page's pictures loaded), and at 1280 no text cell is narrower
  than 150 px; a screenshot of each (SCREENSHOT-1280.png, SCREENSHOT-390.png).
- Without JavaScript: the page lists every failing case.
- Glyphs: for each of the first pictures, the page moves the picture to a white overlay at the
  page's top-left corner and takes a screenshot of it; then replaces it with a self-contained copy
  (the sheet's definitions put into the picture's own <defs>, every id renamed so nothing resolves
  outside it) and takes another. The two must be the same pixels. A control shows the screenshots
  see glyphs at all: with the sheet removed from the page, every picture must look different.
Saves a screenshot of the report's first screenful. Exits 0 when every check holds, 1 otherwise.
Standard library only (the protocol client is cdp.py).
"""
import json, os, pathlib, sys, time

from cdp import Browser, Checks

REPORT, SHOT = sys.argv[1], sys.argv[2]
PICTURES = 24
MAX_PAGES = int(os.environ.get("MAX_PAGES", "0")) or None

# Moves picture `n` (or its self-contained copy) into the overlay; resolves to its box in the page.
SHOW = """
((n, selfContained) => {
  let overlay = document.getElementById("textfit-overlay");
  if (!overlay) {
    overlay = document.createElement("div");
    overlay.id = "textfit-overlay";
    overlay.style.cssText = "position:absolute;left:0;top:0;background:#fff;z-index:10;line-height:0";
    document.body.appendChild(overlay);
  }
  window.scrollTo(0, 0);
  const pictures = window.textfitPictures_ ??= [...document.querySelectorAll("div.picture-box > svg")];
  const picture = pictures[n];
  overlay.replaceChildren();
  if (selfContained) {
    const sheet = document.querySelector("body > svg[aria-hidden='true'] defs").innerHTML;
    const rename = (html) => html.replaceAll(' id="', ' id="own-').replaceAll('href="#', 'href="#own-').replaceAll("url(#", "url(#own-");
    let html = rename(picture.outerHTML);
    const defs = rename(sheet);
    html = html.includes("<defs>") ? html.replace("<defs>", "<defs>" + defs)
                                   : html.replace(/^(<svg[^>]*>)/, "$1<defs>" + defs + "</defs>");
    overlay.innerHTML = html;
  } else {
    overlay.appendChild(picture);
  }
  const box = overlay.firstElementChild.getBoundingClientRect();
  return { x: box.left + window.scrollX, y: box.top + window.scrollY, width: box.width, height: box.height,
           count: pictures.length, uses: overlay.querySelectorAll("use").length };
})
"""

# Scrolls every picture box of the rows shown into view, waits for each to load; resolves to what
# each one drew: [row, loaded, message, rendered width, container width in points, svg width attribute].
LOAD_PICTURES = """
(async () => {
  const boxes = [...document.querySelectorAll("#rows div.picture-box")], out = [];
  const done = (box) => box.dataset.loaded || box.textContent;
  for (const box of boxes) {
    box.scrollIntoView();
    for (let t = 0; t < 20 && !done(box); t++) await new Promise((r) => setTimeout(r, 25));
  }
  for (let t = 0; t < 200 && !boxes.every(done); t++) await new Promise((r) => setTimeout(r, 25));
  for (const box of boxes) {
    const svg = box.querySelector("svg"), rect = svg?.querySelector("rect.container");
    out.push([+box.dataset.row, !!box.dataset.loaded && !!svg, box.textContent.slice(0, 80),
              svg ? svg.getBoundingClientRect().width : 0, rect ? +rect.getAttribute("width") : -1, svg ? +svg.getAttribute("width") : 0]);
  }
  window.scrollTo(0, 0);
  return out;
})()
"""


def wait_until(browser, expression, seconds=30):
    for _ in range(int(seconds / 0.02)):
        if browser.evaluate(expression):
            return True
        time.sleep(0.02)
    return False


def main():
    check = Checks()
    report = json.loads(pathlib.Path(REPORT, "report.json").read_text(encoding="utf-8"))
    verdicts = report["verdicts"]
    # The rows report.json implies: runs of one key × locale × variant; the status shown is the
    # first failing verdict's, else the last size's.
    groups = []
    for v in verdicts:
        if groups and (groups[-1][0]["key"], groups[-1][0]["locale"], groups[-1][0]["variant"]) == (v["key"], v["locale"], v["variant"]):
            groups[-1].append(v)
        else:
            groups.append([v])
    shown_verdict = lambda g: next((v for v in g if v["failed"]), g[-1])
    failing_groups = [g for g in groups if any(v["failed"] for v in g)]
    check(len(failing_groups) == len(report["summary"]["firstFailures"]), f"report.json: {len(groups)} key × locale × variant, "
          + f"{len(failing_groups)} failing ({len(report['summary']['firstFailures'])} first failures)")

    page = pathlib.Path(REPORT, "index.html").resolve()
    folder = sum(p.stat().st_size for p in pathlib.Path(REPORT).rglob("*") if p.is_file())
    browser = Browser()
    try:
        started = time.time()
        browser.open(page.as_uri())
        if not wait_until(browser, "document.readyState === 'complete' && !!document.getElementById('count')?.textContent"):
            check(False, "the page loaded and filled its table within 30 s")
            return 1
        filled = time.time() - started
        timing = browser.evaluate("(() => { const n = performance.getEntriesByType('navigation')[0]; return [n.domContentLoadedEventEnd, n.loadEventEnd]; })()")
        print(f"info index.html {page.stat().st_size / 1e6:.2f} MB, the report folder {folder / 1e6:.1f} MB; "
              + f"DOMContentLoaded {timing[0]:.0f} ms, load {timing[1]:.0f} ms, table filled {filled * 1000:.0f} ms after opening")
        check(timing[1] < 5000, f"the page loads in under 5 s ({timing[1]:.0f} ms)")
        os.makedirs(os.path.dirname(os.path.abspath(SHOT)), exist_ok=True)
        with open(SHOT, "wb") as f:  # the first screenful
            f.write(browser.png({"x": 0, "y": 0, "width": 1280, "height": 900}))

        # Readable at a laptop's width and on a phone: at 1280 and 390 CSS px (the first page of
        # rows with its pictures loaded) nothing scrolls sideways, and at 1280 no text cell is
        # squeezed to a word a line. A screenshot of each first screenful beside SHOT.
        for width, height, mobile in ((1280, 900, False), (390, 844, True)):
            browser.send("Emulation.setDeviceMetricsOverride", {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": mobile})
            wait_until(browser, f"window.innerWidth === {width}", 5)
            browser.evaluate(LOAD_PICTURES)
            sizes = browser.evaluate("[document.documentElement.scrollWidth, window.innerWidth, "
                                     "Math.min(...[...document.querySelectorAll('#rows td.text')].map((td) => td.getBoundingClientRect().width))]")
            # Against the width asked for: a phone's window (mobile emulation) widens to what the page needs.
            check(sizes[0] <= width and sizes[1] == width, f"at {width} px the page does not scroll sideways (scrollWidth {sizes[0]}, window {sizes[1]})")
            if not mobile:
                check(sizes[2] >= 150, f"at {width} px every text cell is at least 150 px wide (narrowest {sizes[2]:.0f} px)")
            shot = SHOT.replace(".png", f"-{width}.png")
            with open(shot, "wb") as f:
                f.write(browser.png({"x": 0, "y": 0, "width": width, "height": height}))
            print(f"info {shot}")
        browser.send("Emulation.clearDeviceMetricsOverride")
        wait_until(browser, "window.innerWidth === 1280", 5)

        count = lambda: browser.evaluate("document.getElementById('count').textContent")
        rows = lambda: browser.evaluate("[...document.querySelectorAll('#rows tr.case')].map((tr) => ({key: tr.dataset.key, "
                                        "locale: tr.dataset.locale, status: tr.dataset.status, failing: tr.dataset.failing === '1', "
                                        "excess: tr.dataset.excess === undefined ? null : +tr.dataset.excess}))")
        def choose(**values):  # sets the controls, then runs the filter as the page's own events do
            for name, value in values.items():
                event = "input" if name == "key" else "change"
                browser.evaluate(f"(() => {{ const e = document.getElementById({json.dumps(name)}); e.value = {json.dumps(value)};"
                                 f" e.dispatchEvent(new Event({json.dumps(event)})); }})()")

        # Rows: one per key × locale × variant.
        total = len(groups)
        check(count() == f"{len(failing_groups)} of {total} rows", f"failing rows at first: '{count()}' ({len(failing_groups)} failing of {total} in report.json)")
        identities = browser.evaluate("JSON.parse(document.getElementById('report-data').textContent).rows.map((r) => [r[0], r[2], r[1]].join('\\u0001'))")
        expected = {"\u0001".join((g[0]["key"], g[0]["locale"], g[0]["variant"])) for g in groups}
        check(len(identities) == total and set(identities) == expected,
              f"one row per key × locale × variant: {len(identities)} rows, {len(set(identities))} distinct, report.json {len(expected)}")
        choose(status="")
        check(count() == f"{total} of {total} rows", f"status 'all': '{count()}'")
        shown = rows()
        check(len(shown) == min(100, total), f"100 rows a page: {len(shown)} shown")
        strip = browser.evaluate("[...document.querySelectorAll('#rows tr.case')].every((tr) => tr.querySelectorAll('.strip i[title]').length === "
                                 "JSON.parse(document.getElementById('report-data').textContent).sizes.length)")
        check(strip, "every row has a strip with a cell (and a tooltip) per size")

        # Sorting by excess (the column's button), then by key.
        choose(status="failing")
        browser.evaluate("document.getElementById('sort-excess').click()")
        shown = rows()
        numbers = [r["excess"] for r in shown if r["excess"] is not None]
        largest = max((shown_verdict(g).get("excess") or 0 for g in failing_groups), default=0)
        ordered = all(a >= b for a, b in zip(numbers, numbers[1:])) and all(r["excess"] is None for r in shown[len(numbers):])
        check(bool(numbers) and ordered and abs(numbers[0] - largest) <= 0.05,
              f"sorted by excess: {len(numbers)} rows, {numbers[:3]}… never increasing, the first report.json's largest ({largest:.1f})")
        choose(sort="key")
        keys = [r["key"] for r in rows()]
        check(keys == sorted(keys), f"sorted by key: {keys[:3]}…")

        # Filters: locale, status, key.
        locale = sorted({g[0]["locale"] for g in failing_groups})[-1]
        choose(sort="worst", locale=locale)
        in_locale = sum(g[0]["locale"] == locale for g in failing_groups)
        shown = rows()
        check(count() == f"{in_locale} of {total} rows" and shown and all(r["locale"] == locale and r["failing"] for r in shown),
              f"locale {locale}, failing: '{count()}' ({in_locale} in report.json), {len(shown)} shown, all {locale}")
        choose(locale="", status="truncated")
        truncated = sum(shown_verdict(g)["status"] == "truncated" for g in groups)
        shown = rows()
        check(count() == f"{truncated} of {total} rows" and all(r["status"] == "truncated" for r in shown),
              f"status truncated: '{count()}' ({truncated} in report.json)")
        part = failing_groups[len(failing_groups) // 2][0]["key"].upper() if failing_groups else "x"  # any case
        choose(status="", key=part)
        with_part = sum(part.lower() in g[0]["key"].lower() for g in groups)
        shown = rows()
        check(count() == f"{with_part} of {total} rows" and all(part.lower() in r["key"].lower() for r in shown),
              f"key containing '{part}': '{count()}' ({with_part} in report.json)")
        choose(key="", status="failing")

        # Pictures: one per failing row, loaded when in view, at >= 1 px per point.
        pages = 0
        drawn, missing, small = 0, [], []
        while True:
            shown = rows()
            got = browser.evaluate(LOAD_PICTURES)
            failing_shown = sum(r["failing"] for r in shown)
            if len(got) != failing_shown:
                missing.append(f"page {pages + 1}: {len(got)} pictures for {failing_shown} failing rows")
            for row, ok, message, rendered, container, width in got:
                if not ok:
                    missing.append(f"row {row}: {message or 'not loaded'}")
                elif container <= 0 or rendered + 0.05 < container or rendered + 0.05 < width:  # layout rounds to 1/64 px
                    small.append(f"row {row}: {rendered:.1f} px for a {container} pt container")
                else:
                    drawn += 1
            pages += 1
            if browser.evaluate("document.getElementById('next').disabled") or (MAX_PAGES and pages >= MAX_PAGES):
                break
            browser.evaluate("document.getElementById('next').click()")
        check(not missing and drawn > 0, f"every failing row on {pages} page(s) has a picture that loads: {drawn}"
              + ("" if not missing else f" (not: {missing[:5]})"))
        check(not small, f"each picture drawn at >= 1 CSS px per point (its width at least its container's)" + ("" if not small else f" (not: {small[:5]})"))
        loaded_files = browser.evaluate("[...document.querySelectorAll('head script[src]')].length")
        files = len(list(pathlib.Path(REPORT, "pictures").glob("*.js")))
        print(f"info {loaded_files} of {files} picture files loaded for those pages")

        # Glyphs: the first pictures, drawn with the page's sheet and with their own definitions.
        # In key order: the test's colour emoji and right-to-left strings (dev.mode) come first.
        browser.evaluate("document.getElementById('sort').value = 'key'; document.getElementById('sort').dispatchEvent(new Event('change'))")
        browser.evaluate(LOAD_PICTURES)
        sheet = browser.evaluate("document.querySelectorAll(\"body > svg[aria-hidden='true'] defs > *\").length")
        own = browser.evaluate("document.querySelectorAll('div.picture-box svg path[id], div.picture-box svg image[id]').length")
        images = browser.evaluate("document.querySelectorAll(\"body > svg[aria-hidden='true'] defs > image\").length")
        check((sheet or 0) > 0 and ((images or 0) > 0 or not os.environ.get("COLOUR_GLYPHS")), f"the page carries a glyph sheet ({sheet} definitions, {images} of them colour bitmaps)")
        check(own == 0, f"no picture defines glyphs of its own ({own})")
        show = lambda n, selfContained: browser.evaluate(f"{SHOW}({n}, {json.dumps(selfContained)})")
        first = show(0, False)
        count_pictures = min(PICTURES, first["count"])
        check(count_pictures > 0, f"the page shows pictures ({first['count']})")
        same, shared_pngs = [], []
        clip = lambda box: {k: box[k] for k in ("x", "y", "width", "height")}
        for n in range(count_pictures):
            shared = show(n, False)
            shared_pngs.append(browser.png(clip(shared)))
            alone = show(n, True)
            same.append(shared_pngs[n] == browser.png(clip(alone)) and (shared["width"], shared["height"]) == (alone["width"], alone["height"]))
        check(all(same), f"{sum(same)} of {count_pictures} pictures draw the same pixels with the page's glyph sheet as with their own definitions"
              + ("" if all(same) else f" (differing: {[n for n, ok in enumerate(same) if not ok]})"))
        # Control: without the sheet every picture loses its glyphs, so the screenshots above saw glyphs.
        browser.evaluate("document.querySelector(\"body > svg[aria-hidden='true']\").remove()")
        changed = [browser.png(clip(show(n, False))) != shared_pngs[n] for n in range(count_pictures)]
        check(all(changed), f"the control: without the glyph sheet {sum(changed)} of {count_pictures} pictures look different"
              + ("" if all(changed) else f" (unchanged: {[n for n, ok in enumerate(changed) if not ok]})"))
    finally:
        browser.close()

    # Without JavaScript: every failing case listed.
    browser = Browser()
    try:
        browser.open("about:blank")
        browser.send("Emulation.setScriptExecutionDisabled", {"value": True})
        browser.send("Page.navigate", {"url": page.as_uri()})
        wait_until(browser, "document.readyState === 'complete' && location.protocol === 'file:'")
        listed = browser.evaluate("document.querySelectorAll('noscript ol li').length")
        visible = browser.evaluate("(() => { const li = document.querySelector('noscript ol li'); return !!li && li.getBoundingClientRect().height > 0; })()")
        check(listed == len(failing_groups) and visible, f"without JavaScript the page lists every failing case ({listed}, visible: {visible})")
    finally:
        browser.close()
    return check.summary("report")


if __name__ == "__main__":
    sys.exit(main())
