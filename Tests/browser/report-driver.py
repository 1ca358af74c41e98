#!/usr/bin/env python3
"""Checks a stress report's pictures in headless Chromium: glyphs defined once for the page (the
report's hidden glyph sheet) draw in every picture exactly as the picture's own definitions would.

Usage: report-driver.py REPORT_DIR SCREENSHOT.png
For each of the first pictures in REPORT_DIR/index.html, the page moves the picture to a white
overlay at the page's top-left corner (whole pixels, so both renderings rasterize alike) and takes
a screenshot of it; then replaces it with a self-contained copy (the sheet's definitions put into
the picture's own <defs>, every id renamed so nothing resolves outside it) and takes another. The
two must be the same pixels. A control shows the screenshots see glyphs at all: with the sheet
removed from the page, every picture must look different. Then the table's paging and filters:
the counts it shows must be report.json's. Saves a screenshot of the report's first screenful.
Exits 0 when every check holds, 1 otherwise. Standard library only (the protocol client is cdp.py).
"""
import json, os, pathlib, sys, time

from cdp import Browser, Checks

REPORT, SHOT = sys.argv[1], sys.argv[2]
PICTURES = 24

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
  const pictures = window.textfitPictures ??= [...document.querySelectorAll("div.svg > svg")];
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


def main():
    check = Checks()

    page = pathlib.Path(REPORT, "index.html").resolve()
    browser = Browser()
    try:
        browser.open(page.as_uri())
        # Loaded when the page's script has filled the table (about:blank, before it, is "complete" too).
        for _ in range(600):
            if browser.evaluate("document.readyState === 'complete' && !!document.getElementById('range')?.textContent"):
                break
            time.sleep(0.05)
        else:
            check(False, "the page loaded and filled its table within 30 s")
            return 1
        sheet = browser.evaluate("document.querySelectorAll(\"body > svg[aria-hidden='true'] defs > *\").length")
        own = browser.evaluate("document.querySelectorAll('div.svg svg path[id], div.svg svg image[id]').length")
        images = browser.evaluate("document.querySelectorAll(\"body > svg[aria-hidden='true'] defs > image\").length")
        check((sheet or 0) > 0 and (images or 0) > 0, f"the page carries a glyph sheet ({sheet} definitions, {images} of them colour bitmaps)")
        check(own == 0, f"no picture defines glyphs of its own ({own})")
        os.makedirs(os.path.dirname(os.path.abspath(SHOT)), exist_ok=True)
        with open(SHOT, "wb") as f:  # the first screenful
            f.write(browser.png({"x": 0, "y": 0, "width": 1280, "height": 900}))

        show = lambda n, selfContained: browser.evaluate(f"{SHOW}({n}, {json.dumps(selfContained)})")
        first = show(0, False)
        count = min(PICTURES, first["count"])
        check(count > 0, f"the report has pictures ({first['count']})")
        same, shared_pngs = [], []
        clip = lambda box: {k: box[k] for k in ("x", "y", "width", "height")}
        for n in range(count):
            shared = show(n, False)
            shared_pngs.append(browser.png(clip(shared)))
            alone = show(n, True)
            same.append(shared_pngs[n] == browser.png(clip(alone)) and (shared["width"], shared["height"]) == (alone["width"], alone["height"]))
        check(all(same), f"{sum(same)} of {count} pictures draw the same pixels with the page's glyph sheet as with their own definitions"
              + ("" if all(same) else f" (differing: {[n for n, ok in enumerate(same) if not ok]})"))

        # Control: without the sheet every picture loses its glyphs, so the screenshots above saw glyphs.
        browser.evaluate("document.querySelector(\"body > svg[aria-hidden='true']\").remove()")
        changed = [browser.png(clip(show(n, False))) != shared_pngs[n] for n in range(count)]
        check(all(changed), f"the control: without the glyph sheet {sum(changed)} of {count} pictures look different"
              + ("" if all(changed) else f" (unchanged: {[n for n, ok in enumerate(changed) if not ok]})"))

        # The table pages through the verdicts the filters match: counts as report.json has them.
        verdicts = json.loads(pathlib.Path(REPORT, "report.json").read_text(encoding="utf-8"))["verdicts"]
        failing = [v for v in verdicts if v["failed"]]
        locale = sorted({v["locale"] for v in failing})[-1]
        in_locale = sum(v["locale"] == locale for v in failing)
        at_size = sum(v["dynamicTypeSize"] == "xxLarge" for v in verdicts)
        shown = lambda: browser.evaluate("[document.getElementById('range').textContent, document.querySelectorAll('#rows tr').length]")
        first = shown()
        check(first == [f"1–{min(200, len(failing))} of {len(failing)}", min(200, len(failing))],
              f"failing verdicts, 200 at a time: {first[0]} ({len(failing)} failing in report.json)")
        if len(failing) > 200:
            browser.evaluate("document.getElementById('next').click()")
            second = shown()
            check(second == [f"201–{min(400, len(failing))} of {len(failing)}", min(400, len(failing)) - 200], f"next page: {second[0]}")
        browser.evaluate(f"(() => {{ const l = document.getElementById('locale'); l.value = {json.dumps(locale)}; l.onchange(); }})()")
        check(shown()[0] == f"1–{min(200, in_locale)} of {in_locale}", f"locale {locale}: {shown()[0]} ({in_locale} failing in report.json)")
        browser.evaluate("(() => { const $ = (id) => document.getElementById(id); $('locale').value = ''; $('failed').checked = false;"
                         " $('size').value = 'xxLarge'; $('size').onchange(); })()")
        check(shown()[0] == f"1–{min(200, at_size)} of {at_size}", f"every verdict at xxLarge: {shown()[0]} ({at_size} in report.json)")
    finally:
        browser.close()
    return check.summary("report")


if __name__ == "__main__":
    sys.exit(main())
