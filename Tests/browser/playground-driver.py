#!/usr/bin/env python3
"""Drives the TextFit playground in headless Chromium over the DevTools protocol.

Standard library only (the protocol client is cdp.py).

Usage: playground-driver.py BASE_URL SCREENSHOT.png
Loads BASE_URL/, waits for the first SVG, then changes the width slider and the Dynamic Type
slider the way a user would (set value, fire `input`), and checks the SVG answers: a narrower
container and a larger Dynamic Type size each give more rows of tags and a different SVG. Saves a
screenshot. Exits 0 when every check holds, 1 otherwise.
"""
import json, os, sys

from cdp import Browser, Checks

BASE, SHOT = sys.argv[1].rstrip("/"), sys.argv[2]


# Sets a control like a user (value + input event), then waits for the preview to show the answer
# for exactly that state. Resolves to what the page shows.
SETTLE = """
(async (id, value) => {
  const $ = (x) => document.getElementById(x);
  for (let i = 0; i < 400 && !$("preview"); i++) await new Promise(r => setTimeout(r, 25));
  if (id) {
    const control = $(id);
    control.value = String(value);
    control.dispatchEvent(new Event("input", { bubbles: true }));
    $("preview").dataset.state = "pending";  // the page's next answer sets "loading", then "ok"
  }
  const sizes = ["xSmall", "small", "medium", "large", "xLarge", "xxLarge", "xxxLarge",
                 "accessibility1", "accessibility2", "accessibility3", "accessibility4", "accessibility5"];
  const wantWidth = $("width").value, wantSize = sizes[Number($("dynamicType").value)];
  for (let i = 0; i < 600; i++) {
    const p = $("preview");
    if (p.dataset.state === "error") return { error: $("summary").textContent };
    if (p.dataset.state === "ok" && p.dataset.requestWidth === wantWidth && p.dataset.dynamicType === wantSize) {
      const svg = p.querySelector("svg");
      return { rows: p.dataset.rows === "" ? null : Number(p.dataset.rows), height: Number(p.dataset.height),
               width: Number(p.dataset.width), svg: svg ? svg.outerHTML : null, summary: $("summary").textContent,
               url: location.search };
    }
    await new Promise(r => setTimeout(r, 25));
  }
  return { error: "timed out waiting for the preview (state " + $("preview").dataset.state + ")" };
})
"""


def main():
    check = Checks()

    browser = Browser()
    try:
        browser.open(BASE + "/")
        settle = lambda id=None, value=None: browser.evaluate(f"{SETTLE}({json.dumps(id)}, {json.dumps(value)})")
        first = settle()
        check("error" not in first and first.get("svg"), f"the page shows an SVG on load ({first.get('error') or first.get('summary')})")
        if check.failed:
            return 1
        controls = browser.evaluate("['text','layout','style','font','dynamicType','width','direction'].every(id => document.getElementById(id))")
        check(controls is True, "all seven controls are on the page")

        wide = settle("width", 700)
        narrow = settle("width", 220)
        print(f"     width 700: {wide.get('summary')}\n     width 220: {narrow.get('summary')}")
        check("error" not in narrow and narrow.get("rows") is not None, "the narrow layout answered with a row count")
        check(narrow.get("svg") != wide.get("svg"), "changing the width changes the SVG")
        check((narrow.get("rows") or 0) > (wide.get("rows") or 0), f"a narrower container has more rows ({wide.get('rows')} → {narrow.get('rows')})")
        check('viewBox' in (narrow.get("svg") or "") or 'width=' in (narrow.get("svg") or ""), "the SVG is a sized <svg> element")

        big = settle("dynamicType", 9)  # accessibility3
        print(f"     accessibility3: {big.get('summary')}")
        check("error" not in big, "the accessibility3 layout answered")
        check(big.get("svg") != narrow.get("svg"), "changing the Dynamic Type size changes the SVG")
        check((big.get("rows") or 0) > (narrow.get("rows") or 0), f"a larger Dynamic Type size has more rows ({narrow.get('rows')} → {big.get('rows')})")
        check((big.get("height") or 0) > (narrow.get("height") or 0), "and a taller layout")
        check("dynamicType=accessibility3" in (big.get("url") or "") and "width=220" in (big.get("url") or ""),
              "the state is mirrored in the address")

        rtl = settle("direction", "rtl")
        check("error" not in rtl and rtl.get("svg") != big.get("svg"), "switching to right-to-left changes the SVG")
        settle("direction", "ltr")

        os.makedirs(os.path.dirname(os.path.abspath(SHOT)), exist_ok=True)
        browser.screenshot(SHOT)
        check(os.path.getsize(SHOT) > 1000, f"screenshot saved to {SHOT}")
    finally:
        browser.close()
    return check.summary("playground")


if __name__ == "__main__":
    sys.exit(main())
