"""Headless Chromium over the DevTools protocol, and the checks the browser tests print
(playground-driver.py, report-driver.py).

Standard library only: Chromium is started with --remote-debugging-pipe, so protocol messages
(JSON, NUL-terminated) travel over file descriptors 3 (to Chromium) and 4 (from Chromium) — no
WebSocket client needed. Environment: CHROMIUM (default: chromium on the PATH).
"""
import base64, fcntl, json, os, shutil, subprocess, tempfile, time

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
        if url == "about:blank":
            return
        # The target starts in a blank page whose readyState is already 'complete': until the
        # navigation commits, a check of the page would read that blank page (screens-driver.py
        # counted 0 sections this way on a fast CI machine). Wait for the asked-for document.
        deadline = time.time() + 60
        while time.time() < deadline:
            if self.evaluate("location.href !== 'about:blank' && document.readyState === 'complete'"):
                return
            time.sleep(0.05)
        raise RuntimeError(f"{url}: the page did not load in 60 s")

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

    def png(self, clip=None):
        """A PNG of the whole page, or of `clip` ({x, y, width, height} in CSS pixels of the page)."""
        params = {"format": "png", "captureBeyondViewport": True}
        if clip:
            params["clip"] = dict(clip, scale=1)
        return base64.b64decode(self.send("Page.captureScreenshot", params)["data"])

    def screenshot(self, path):
        with open(path, "wb") as f:
            f.write(self.png())

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


class Checks:
    """Named checks, printed as they are made: `check(condition, message)`; `check.failed` is how
    many failed, and `summary(name)` prints the tally and returns the exit status."""

    def __init__(self):
        self.passed = 0
        self.failed = 0

    def __call__(self, condition, message):
        print(("ok   " if condition else "FAIL ") + message)
        if condition:
            self.passed += 1
        else:
            self.failed += 1

    def summary(self, name):
        print(f"{name}: {self.passed} passed, {self.failed} failed")
        return 1 if self.failed else 0
