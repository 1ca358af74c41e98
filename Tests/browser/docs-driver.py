#!/usr/bin/env python3
"""Opens the API reference (`make docs`) in headless Chromium: DocC's static site is served over
HTTP from a local port (its pages fetch their JSON, which a file: URL may not), and each product's
landing page and getting-started article must render — the title in the page's <h1>, the topics
(the four articles linked from the landing page), an article's code listings — with no page
error. Saves a screenshot of each page's first screenful.

Usage: docs-driver.py DOCS_DIR SCREENSHOT_DIR. Exits 0 when every check holds, 1 otherwise.
Standard library only (the protocol client is cdp.py).
"""
import functools, http.server, os, sys, threading, time

from cdp import Browser, Checks

DOCS, SHOTS = sys.argv[1], sys.argv[2]
ARTICLES = ["Getting started", "Measuring text", "Laying out views", "Checking translations"]


def wait_until(browser, condition, seconds=30):
    deadline = time.time() + seconds
    while time.time() < deadline:
        if browser.evaluate(f"(() => {{ try {{ return !!({condition}); }} catch (e) {{ return false; }} }})()"):
            return True
        time.sleep(0.1)
    return False


def first_screen(browser, path):
    """A screenshot of the window's first screenful (1280 × 900), as a reader first sees the page."""
    with open(path, "wb") as f:
        f.write(browser.png({"x": 0, "y": 0, "width": 1280, "height": 900}))


def main():
    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *args):
            pass

    handler = functools.partial(Quiet, directory=DOCS)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}"
    check = Checks()
    browser = Browser()
    try:
        for product in ["TextFit", "TextFitLayout"]:
            lower = product.lower()
            browser.open(f"{base}/{product}/documentation/{lower}/")
            rendered = wait_until(browser, f"document.querySelector('h1')?.textContent.trim() === '{product}'")
            check(rendered, f"{product}: the landing page renders its title ({browser.evaluate('document.title')!r})")
            wait_until(browser, "document.querySelectorAll('a[href*=\"gettingstarted\"]').length > 0", 10)
            links = browser.evaluate("[...document.querySelectorAll('a')].map(a => a.textContent.trim())")
            missing = [title for title in ARTICLES if title not in links]
            check(not missing, f"{product}: the landing page links the four articles" + (f" (missing: {missing})" if missing else ""))
            shot = os.path.join(SHOTS, f"docs-{lower}.png")
            first_screen(browser, shot)
            print(f"info {shot}")
            browser.open(f"{base}/{product}/documentation/{lower}/gettingstarted")
            rendered = wait_until(browser, "document.querySelector('h1')?.textContent.trim() === 'Getting started'")
            listings = browser.evaluate("document.querySelectorAll('pre code').length") if rendered else 0
            check(rendered and listings >= 2, f"{product}: Getting started renders with its code ({listings} listings)")
            shot = os.path.join(SHOTS, f"docs-{lower}-getting-started.png")
            first_screen(browser, shot)
            print(f"info {shot}")
    finally:
        browser.close()
        server.shutdown()
    return check.summary("docs")


if __name__ == "__main__":
    sys.exit(main())
