#!/usr/bin/env python3
"""Drives the TextFit playground in headless Chromium over the DevTools protocol.

Standard library only: Chromium is started with --remote-debugging-pipe, so protocol messages
(JSON, NUL-terminated) travel over file descriptors 3 (to Chromium) and 4 (from Chromium) — no
WebSocket client needed.

Usage: playground-driver.py BASE_URL SCREENSHOT.png
Loads BASE_URL/, waits for the first SVG, then changes the width slider and the Dynamic Type
slider the way a user would (set value, fire `input`), and checks the SVG answers: a narrower
container and a larger Dynamic Type size each give more rows of tags and a different SVG. Saves a
screenshot. Exits 0 when every check holds, 1 otherwise.
"""
import base64, fcntl, json, os, shutil, subprocess, sys, tempfile, time

BASE, SHOT = sys.argv[1].rstrip("/"), sys.argv[2]
CHROMIUM = os.environ.get("CHROMIUM", shutil.which("chromium") or shutil.which("chromium-browser") or "chromium")


class Browser:
    def __init__(self):
        self.profile = tempfile.mkdtemp(prefix="textfit-chromium-")
        to_child_r, self.to_child = os.pipe()
        self.from_child, from_child_w = os.pipe()
        # Move the child's ends above 4, so dup2 onto 3 and 4 always copies (dup2 of an fd onto
        # itself would keep its close-on-exec flag).
        for name in ("to_child_r", "from_child_w"):
            fd = locals()[name]
            high = fcntl.fcntl(fd, fcntl.F_DUPFD_CLOEXEC, 10)
            os.close(fd)
            if name == "to_child_r":
                to_child_r = high
            else:
                from_child_w = high

        def fds():  # in the child: the pipe ends at 3 and 4, as --remote-debugging-pipe expects
            os.dup2(to_child_r, 3)
            os.dup2(from_child_w, 4)

        args = [CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--no-first-run", "--no-default-browser-check", "--hide-scrollbars",
                "--remote-debugging-pipe", f"--user-data-dir={self.profile}", "--window-size=1280,900",
                "about:blank"]
        # close_fds=False: subprocess would otherwise close 3 and 4 after preexec_fn placed them.
        self.log = open(os.path.join(self.profile, "chromium.log"), "wb")
        self.process = subprocess.Popen(args, close_fds=False, preexec_fn=fds,
                                        stdout=self.log, stderr=self.log)
        os.close(to_child_r)
        os.close(from_child_w)
        self.buffer = b""
        self.next_id = 0
        self.session = None

    def send(self, method, params=None, session=True):
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params or {}}
        if session and self.session:
            message["sessionId"] = self.session
        os.write(self.to_child, json.dumps(message).encode() + b"\0")
        deadline = time.time() + 60
        while time.time() < deadline:
            while b"\0" not in self.buffer:
                chunk = os.read(self.from_child, 1 << 16)
                if not chunk:
                    self.log.flush()
                    with open(self.log.name, "rb") as f:
                        tail = f.read()[-2000:].decode(errors="replace")
                    raise RuntimeError("Chromium closed the DevTools pipe:\n" + tail)
                self.buffer += chunk
            raw, self.buffer = self.buffer.split(b"\0", 1)
            reply = json.loads(raw)
            if reply.get("id") == self.next_id:
                if "error" in reply:
                    raise RuntimeError(f"{method}: {reply['error']}")
                return reply.get("result", {})
        raise RuntimeError(f"{method}: no answer")

    def open(self, url):
        target = self.send("Target.createTarget", {"url": url}, session=False)["targetId"]
        self.session = self.send("Target.attachToTarget", {"targetId": target, "flatten": True}, session=False)["sessionId"]
        self.send("Page.enable")
        self.send("Runtime.enable")

    def evaluate(self, expression):
        # The target is created with its URL, so the first evaluation can start in the blank page
        # the navigation then replaces ("Execution context was destroyed", seen on a loaded CI
        # machine): that one is retried, in the page that loaded.
        for attempt in range(50):
            try:
                result = self.send("Runtime.evaluate", {"expression": expression, "awaitPromise": True, "returnByValue": True})
                break
            except RuntimeError as error:
                if "context was destroyed" not in str(error) and "Cannot find context" not in str(error) or attempt == 49:
                    raise
                time.sleep(0.1)
        if "exceptionDetails" in result:
            raise RuntimeError(f"page script failed: {result['exceptionDetails']}")
        return result["result"].get("value")

    def screenshot(self, path):
        data = self.send("Page.captureScreenshot", {"format": "png", "captureBeyondViewport": True})["data"]
        with open(path, "wb") as f:
            f.write(base64.b64decode(data))

    def close(self):
        try:
            self.send("Browser.close", session=False)
        except Exception:
            pass
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
        shutil.rmtree(self.profile, ignore_errors=True)


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
    failures = []
    checks = []

    def check(condition, message):
        checks.append(message)
        print(("ok   " if condition else "FAIL ") + message)
        if not condition:
            failures.append(message)

    browser = Browser()
    try:
        browser.open(BASE + "/")
        settle = lambda id=None, value=None: browser.evaluate(f"{SETTLE}({json.dumps(id)}, {json.dumps(value)})")
        first = settle()
        check("error" not in first and first.get("svg"), f"the page shows an SVG on load ({first.get('error') or first.get('summary')})")
        if failures:
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
    print(f"playground: {len(checks) - len(failures)} passed, {len(failures)} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
