#!/usr/bin/env python3
"""Three `textfit serve --http` replicas behind nginx; under load one gets SIGTERM, another SIGKILL.

Run by Tests/load/replicas.sh (which builds the binary and installs nginx); Python standard library
only. Not part of `make test`: about 80 s, and its figures depend on the machine.

For each VARIANT (default: "no-retry retry"), in a fresh temporary folder:
1. Starts three replicas, `textfit serve --http 127.0.0.1X:PORT --bundled-only`, on one port and
   three loopback addresses (127.0.0.11, .12, .13), so that one Host header (127.0.0.1:PORT) names
   every replica, and nginx (Tests/load/replicas-nginx.conf, filled in) in front of them on another
   loopback port. "retry" has `proxy_next_upstream error timeout http_502 http_503 non_idempotent`,
   "no-retry" the same without `non_idempotent` (nginx then never resends a POST it has sent).
2. A client (asyncio, CONNECTIONS keep-alive connections to nginx) sends POST /v1/measure at RATE
   requests/s for DURATION s, real strings from Benchmarks/Corpus/tags.tsv. At TERM_AT s replica 1
   gets SIGTERM, at KILL_AT s replica 2 gets SIGKILL; at RESTART_AT s both are started again (replica
   1 once it has exited).
3. Prints, per phase (by the time a request was sent), requests, non-200 answers, socket errors and
   latency p50/p99/max; the requests nginx sent to more than one replica (its access log); the
   failures per second; nginx's error-log lines about the replicas, counted by kind; replica 1's exit
   status and how long after SIGTERM it exited.

Fails (exit 1) when, in the "retry" variant, any client request is not answered 200 (a non-200 or a
socket error), when replica 1 does not exit 0 within the 10 s drain (+1 s) after SIGTERM, or when a
replica still running at the end does not exit 0 on SIGTERM. The "no-retry" variant is measured and
reported only: it shows what fails without `non_idempotent`.

Environment: VARIANTS, RATE (400), CONNECTIONS (16), DURATION (32), TERM_AT (10), KILL_AT (15),
RESTART_AT (24), KEEP (set: keep the temporary folders, with nginx's and the replicas' logs).
Usage: Tests/load/replicas.py TEXTFIT_BINARY
"""
import asyncio
import collections
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time

ROOT = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
TEMPLATE = os.path.join(ROOT, "Tests", "load", "replicas-nginx.conf")
CORPUS = os.path.join(ROOT, "Benchmarks", "Corpus", "tags.tsv")
ADDRESSES = ["127.0.0.11", "127.0.0.12", "127.0.0.13"]
DRAIN = 10.0  # the server's drain on SIGTERM (HTTPServer.stop's drainTimeout)
NEXT_UPSTREAM = {
    "retry": "error timeout http_502 http_503 non_idempotent",
    "no-retry": "error timeout http_502 http_503",
}

RATE = float(os.environ.get("RATE", "400"))
CONNECTIONS = int(os.environ.get("CONNECTIONS", "16"))
DURATION = float(os.environ.get("DURATION", "32"))
TERM_AT = float(os.environ.get("TERM_AT", "10"))
KILL_AT = float(os.environ.get("KILL_AT", "15"))
RESTART_AT = float(os.environ.get("RESTART_AT", "24"))
PHASES = [  # (name, start s): a request belongs to the phase in which it was sent
    ("3 replicas", 0.0),
    ("SIGTERM r1", TERM_AT),
    ("SIGKILL r2", KILL_AT),
    ("restarted", RESTART_AT),
]


def json_string(text):
    out = []
    for ch in text:
        if ch in '"\\' or ord(ch) < 0x20:
            out.append("\\u%04x" % ord(ch))
        else:
            out.append(ch)
    return '"' + "".join(out) + '"'


def load_bodies():
    """A few thousand distinct measure requests: every tag at one of three widths and sizes."""
    tags = []
    with open(CORPUS, encoding="utf-8") as corpus:
        for line in corpus:
            if line.startswith("#") or "\t" not in line:
                continue
            tags.append(line.rstrip("\n").split("\t", 1)[1])
    assert len(tags) > 1000, "cannot read the corpus " + CORPUS
    sizes, widths = ["large", "xSmall", "accessibility3"], [80, 120, 320]
    return [('{"texts": [%s], "style": "body", "width": %d, "dynamicType": "%s"}'
             % (json_string(tag), widths[n % 3], sizes[(n // 3) % 3])).encode()
            for n, tag in enumerate(tags)]


def free_port(addresses):
    """A port free on every address (bound and released: a small race, fine on a test machine)."""
    for _ in range(50):
        probe = socket.socket()
        probe.bind((addresses[0], 0))
        port = probe.getsockname()[1]
        others = []
        try:
            for address in addresses[1:]:
                s = socket.socket()
                others.append(s)
                s.bind((address, port))
            return port
        except OSError:
            continue
        finally:
            probe.close()
            for s in others:
                s.close()
    raise RuntimeError("no free port")


class Replica:
    def __init__(self, binary, index, address, port, folder):
        self.binary, self.index, self.address, self.port = binary, index, address, port
        self.log_path = os.path.join(folder, "replica-%d.log" % index)
        self.process = None
        self.exit_status = None
        self.exited_at = None  # time.time() when the process ended (seen by a waiting thread)

    def start(self):
        log = open(self.log_path, "ab")
        offset = log.tell()
        self.process = subprocess.Popen(
            [self.binary, "serve", "--http", "%s:%d" % (self.address, self.port), "--bundled-only"],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=log, cwd=ROOT)
        log.close()
        self.exit_status = self.exited_at = None
        process = self.process

        def wait():
            status = process.wait()
            if process is self.process:
                self.exited_at, self.exit_status = time.time(), status
        threading.Thread(target=wait, daemon=True).start()
        deadline = time.time() + 30
        while time.time() < deadline:
            with open(self.log_path, "rb") as f:
                f.seek(offset)
                if b"serving on" in f.read():
                    return
            if process.poll() is not None:
                break
            time.sleep(0.05)
        raise RuntimeError("replica %d did not start: %s" % (self.index, open(self.log_path).read()[-500:]))

    def running(self):
        return self.process is not None and self.process.poll() is None


def http_get(port, path, host):
    with socket.create_connection(("127.0.0.1", port), timeout=5) as s:
        s.sendall(b"GET %s HTTP/1.1\r\nHost: %s\r\nConnection: close\r\n\r\n" % (path.encode(), host.encode()))
        reply = b""
        while chunk := s.recv(65536):
            reply += chunk
    return reply


class Result:
    __slots__ = ("sent", "latency", "status", "error")

    def __init__(self, sent, latency, status, error):
        self.sent, self.latency, self.status, self.error = sent, latency, status, error


async def read_response(reader):
    """(status, close) of one HTTP/1.1 response; raises on a broken connection."""
    head = await reader.readuntil(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    status = int(lines[0].split(" ", 2)[1])
    headers = {}
    for line in lines[1:]:
        if ":" in line:
            name, value = line.split(":", 1)
            headers[name.strip().lower()] = value.strip().lower()
    if "content-length" in headers:
        await reader.readexactly(int(headers["content-length"]))
    elif headers.get("transfer-encoding") == "chunked":
        while True:
            size = int((await reader.readuntil(b"\r\n")).split(b";")[0], 16)
            await reader.readexactly(size + 2)
            if size == 0:
                break
    return status, headers.get("connection") == "close"


async def client(port, bodies, start, results, stop_at):
    """CONNECTIONS workers, each sending its share of RATE on its own keep-alive connection."""
    host = b"127.0.0.1:%d" % port

    async def worker(i):
        reader = writer = None
        k = 0
        while True:
            due = start + (k * CONNECTIONS + i) / RATE
            if due >= stop_at:
                break
            delay = due - time.time()
            if delay > 0:
                await asyncio.sleep(delay)
            body = bodies[(k * CONNECTIONS + i) % len(bodies)]
            k += 1
            sent = time.time()
            began = time.monotonic()
            status, error = None, None
            try:
                if writer is None:
                    reader, writer = await asyncio.wait_for(asyncio.open_connection("127.0.0.1", port), 5)
                writer.write(b"POST /v1/measure HTTP/1.1\r\nHost: %s\r\nContent-Type: application/json\r\n"
                             b"Content-Length: %d\r\n\r\n%s" % (host, len(body), body))
                status, close = await asyncio.wait_for(read_response(reader), 30)
                if close:
                    writer.close()
                    writer = None
            except asyncio.TimeoutError:
                error = "timeout"
            except ConnectionRefusedError:
                error = "connect"
            except (asyncio.IncompleteReadError, ConnectionResetError, BrokenPipeError, OSError) as e:
                error = "read (%s)" % type(e).__name__
            if error:
                if writer is not None:
                    writer.close()
                writer = None
            results.append(Result(sent - start, (time.monotonic() - began) * 1000, status, error))
        if writer is not None:
            writer.close()

    await asyncio.gather(*(worker(i) for i in range(CONNECTIONS)))


def percentile(sorted_values, p):
    if not sorted_values:
        return float("nan")
    return sorted_values[min(len(sorted_values) - 1, int(len(sorted_values) * p / 100))]


def phase_of(t):
    name = PHASES[0][0]
    for phase, begins in PHASES:
        if t >= begins:
            name = phase
    return name


# nginx's error-log lines about the replicas, by kind: (pattern, short name).
ERROR_KINDS = [
    (r"connect\(\) failed \(111: Connection refused\)", "connect() refused"),
    (r"recv\(\) failed \(104: Connection reset by peer\)", "recv() reset by peer"),
    (r"writev?\(\) failed \(32: Broken pipe\)", "write broken pipe"),
    (r"writev?\(\) failed \(104: Connection reset by peer\)", "write reset by peer"),
    (r"upstream prematurely closed connection", "upstream prematurely closed"),
    (r"upstream timed out", "upstream timed out"),
    (r"upstream server temporarily disabled", "server temporarily disabled"),
    (r"no live upstreams", "no live upstreams"),
]


def error_log_summary(path, start):
    """{kind: [count, first s, last s, replicas]} from nginx's error log (1 s resolution)."""
    kinds = collections.OrderedDict()
    if not os.path.exists(path):
        return kinds
    for line in open(path, encoding="utf-8", errors="replace"):
        match = re.match(r"(\d{4}/\d\d/\d\d \d\d:\d\d:\d\d) \[(\w+)\]", line)
        if not match:
            continue
        # The log has whole seconds: the middle of that second, after the start.
        when = time.mktime(time.strptime(match.group(1), "%Y/%m/%d %H:%M:%S")) + 0.5 - start
        kind = next((name for pattern, name in ERROR_KINDS if re.search(pattern, line)), None)
        if kind is None:
            if match.group(2) in ("notice", "info"):
                continue
            kind = "other: " + line[match.end():].strip()[:100]
        upstream = re.search(r'upstream: "http://([\d.]+):\d+', line)
        entry = kinds.setdefault(kind, [0, when, when, set()])
        entry[0] += 1
        entry[2] = when
        if upstream:
            entry[3].add("r%d" % (ADDRESSES.index(upstream.group(1)) + 1) if upstream.group(1) in ADDRESSES
                         else upstream.group(1))
    return kinds


def run_variant(binary, variant, bodies):
    folder = tempfile.mkdtemp(prefix="textfit-replicas-")
    os.chmod(folder, 0o755)
    for sub in ("body", "proxy", "fastcgi", "uwsgi", "scgi"):
        os.makedirs(os.path.join(folder, "tmp", sub))
        os.chmod(os.path.join(folder, "tmp", sub), 0o777)  # nginx's workers may run as nobody
    os.chmod(os.path.join(folder, "tmp"), 0o755)
    port = free_port(ADDRESSES)
    nginx_port = free_port(["127.0.0.1"])
    replicas = [Replica(binary, i + 1, address, port, folder) for i, address in enumerate(ADDRESSES)]
    nginx = None
    failed = []
    try:
        for replica in replicas:
            replica.start()
        config = open(TEMPLATE).read()
        for name, value in {"PREFIX": folder, "LISTEN_PORT": str(nginx_port), "UPSTREAM_HOST": "127.0.0.1:%d" % port,
                            "NEXT_UPSTREAM": NEXT_UPSTREAM[variant],
                            **{"REPLICA%d" % (i + 1): "%s:%d" % (a, port) for i, a in enumerate(ADDRESSES)}}.items():
            config = config.replace("@%s@" % name, value)
        assert "@" not in re.sub(r"#.*", "", config), "a field of the nginx template was left"
        conf_path = os.path.join(folder, "nginx.conf")
        with open(conf_path, "w") as f:
            f.write(config)
        nginx = subprocess.Popen(["nginx", "-p", folder, "-c", conf_path, "-e", os.path.join(folder, "error.log")],
                                 stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                 stderr=open(os.path.join(folder, "nginx.stderr"), "wb"))
        for _ in range(100):
            try:
                if http_get(nginx_port, "/healthz", "127.0.0.1:%d" % nginx_port).startswith(b"HTTP/1.1 200"):
                    break
            except OSError:
                pass
            time.sleep(0.1)
        else:
            raise RuntimeError("nginx did not answer /healthz: " + open(os.path.join(folder, "error.log")).read()[-800:])

        print("== %s: proxy_next_upstream %s; replicas %s:%d, nginx 127.0.0.1:%d, %d connections at %g req/s "
              "for %g s; SIGTERM r1 at %g s, SIGKILL r2 at %g s, both restarted at %g s"
              % (variant, NEXT_UPSTREAM[variant], "/".join(a.rsplit(".", 1)[1] for a in ADDRESSES), port, nginx_port,
                 CONNECTIONS, RATE, DURATION, TERM_AT, KILL_AT, RESTART_AT), flush=True)
        results = []
        events = {}
        start = time.time() + 0.2

        async def schedule():
            await asyncio.sleep(max(0, start + TERM_AT - time.time()))
            events["term"] = time.time() - start
            os.kill(replicas[0].process.pid, signal.SIGTERM)
            await asyncio.sleep(max(0, start + KILL_AT - time.time()))
            events["kill"] = time.time() - start
            os.kill(replicas[1].process.pid, signal.SIGKILL)
            await asyncio.sleep(max(0, start + RESTART_AT - time.time()))
            while replicas[0].exited_at is None and time.time() < start + DURATION:
                await asyncio.sleep(0.05)
            record_term_exit()
            loop = asyncio.get_running_loop()
            for replica in replicas[:2]:
                if replica.exited_at is not None:
                    await loop.run_in_executor(None, replica.start)
                    events["restart r%d" % replica.index] = time.time() - start

        def record_term_exit():
            r1 = replicas[0]
            if variant not in TERM_EXITS and r1.exited_at is not None:
                TERM_EXITS[variant] = (r1.exit_status, r1.exited_at - start - events["term"])

        async def main():
            await asyncio.gather(client(nginx_port, bodies, start, results, start + DURATION), schedule())

        asyncio.run(main())
        # Replica 1 not restarted (it had not exited by the end): wait for it, up to the drain.
        while replicas[0].exited_at is None and time.time() < start + events["term"] + DRAIN + 3:
            time.sleep(0.05)
        record_term_exit()
        # Stop nginx gracefully (it flushes its access log), then the replicas still running.
        nginx.send_signal(signal.SIGQUIT)
        nginx.wait(timeout=15)
        nginx = None
        end_statuses = []
        for replica in replicas:
            if replica.running():
                replica.process.send_signal(signal.SIGTERM)
                try:
                    status = replica.process.wait(timeout=DRAIN + 5)
                except subprocess.TimeoutExpired:
                    replica.process.kill()
                    status = "did not exit"
                end_statuses.append((replica.index, status))

        report(variant, results, events, folder, start, failed)
        for index, status in end_statuses:
            if status != 0:
                failed.append("replica %d exited %s on SIGTERM at the end" % (index, status))
        print("   at the end, SIGTERM to the replicas still running: %s"
              % ", ".join("r%d exit %s" % (i, s) for i, s in end_statuses))
    finally:
        if nginx is not None:
            nginx.kill()
        for replica in replicas:
            if replica.running():
                replica.process.kill()
        if os.environ.get("KEEP"):
            print("   logs kept in " + folder)
        else:
            shutil.rmtree(folder, ignore_errors=True)
    return failed


TERM_EXITS = {}


def report(variant, results, events, folder, start, failed):
    print("   events: " + ", ".join("%s %.1f s" % (name, t) for name, t in events.items()))
    term = TERM_EXITS.get(variant)
    if term:
        status, after = term
        print("   r1 after SIGTERM: exit status %s, %.2f s after the signal (drain up to %g s)" % (status, after, DRAIN))
        if status != 0 or after > DRAIN + 1:
            failed.append("r1 exited %s, %.2f s after SIGTERM (want 0 within %g s)" % (status, after, DRAIN + 1))
    else:
        print("   r1 after SIGTERM: did not exit within the run")
        failed.append("r1 did not exit after SIGTERM")
    print("   %-11s %8s %8s %8s %8s %9s %9s %9s" % ("phase", "requests", "200", "non-200", "socket", "p50 ms",
                                                "p99 ms", "max ms"))
    total_bad = 0
    for name, _ in PHASES:
        rows = [r for r in results if phase_of(r.sent) == name]
        ok = sum(1 for r in rows if r.status == 200)
        non200 = sum(1 for r in rows if r.status is not None and r.status != 200)
        errors = sum(1 for r in rows if r.error)
        total_bad += non200 + errors
        latencies = sorted(r.latency for r in rows if r.status == 200)
        print("   %-11s %8d %8d %8d %8d %9.2f %9.2f %9.2f" % (name, len(rows), ok, non200, errors,
                                                          percentile(latencies, 50), percentile(latencies, 99),
                                                          latencies[-1] if latencies else float("nan")))
    rows = results
    latencies = sorted(r.latency for r in rows if r.status == 200)
    non200 = sum(1 for r in rows if r.status is not None and r.status != 200)
    errors = sum(1 for r in rows if r.error)
    print("   %-11s %8d %8d %8d %8d %9.2f %9.2f %9.2f" % ("all", len(rows), len(rows) - non200 - errors, non200, errors,
                                                      percentile(latencies, 50), percentile(latencies, 99),
                                                      latencies[-1] if latencies else float("nan")))
    bad = [r for r in results if r.status != 200]
    if bad:
        kinds = collections.Counter(("%d" % r.status) if r.status else r.error for r in bad)
        per_second = collections.Counter((int(r.sent), ("%d" % r.status) if r.status else r.error) for r in bad)
        print("   failed client requests: " + ", ".join("%s × %d" % (k, n) for k, n in kinds.most_common()))
        print("   by second sent: " + ", ".join("%d s: %s × %d" % (s, k, n) for (s, k), n in sorted(per_second.items())))
    # nginx's access log: requests that went to more than one replica, per phase.
    retried = collections.Counter()
    upstream_statuses = collections.Counter()
    served = collections.defaultdict(collections.Counter)  # phase -> replica that answered 200
    access = os.path.join(folder, "access.log")
    if os.path.exists(access):
        for line in open(access):
            match = re.match(r'([\d.]+) (\d+) \S+ "([^"]*)" "([^"]*)" POST', line)
            if not match:
                continue
            last = match.group(3).split(",")[-1].strip().split(":")[0]
            if match.group(2) == "200":
                served[phase_of(float(match.group(1)) - start)]["r%d" % (ADDRESSES.index(last) + 1) if last in ADDRESSES else "-"] += 1
            if "," in match.group(3):
                retried[phase_of(float(match.group(1)) - start)] += 1
                upstream_statuses[match.group(4)] += 1
    print("   nginx sent to a second replica: %d requests (%s); upstream statuses of those: %s"
          % (sum(retried.values()), ", ".join("%s %d" % (k, v) for k, v in retried.items()) or "none",
             ", ".join("[%s] × %d" % (k, v) for k, v in upstream_statuses.most_common(6)) or "none"))
    print("   200s answered by, per phase: " + "; ".join(
        "%s: %s" % (name, " ".join("%s %d" % (r, served[name][r]) for r in sorted(served[name])))
        for name, _ in PHASES))
    kinds = error_log_summary(os.path.join(folder, "error.log"), start)
    print("   nginx error log (count, first–last s after start, ±0.5 s, replicas):")
    for kind, (count, first, last, which) in kinds.items():
        print("     %-30s %5d   %5.0f–%-5.0f %s" % (kind, count, first, last, ",".join(sorted(which))))
    if variant == "retry" and total_bad:
        failed.append("%d client requests failed with non_idempotent retries" % total_bad)
    print("RESULT variant=%s requests=%d non200=%d socket_errors=%d retried=%d p50_ms=%.2f p99_ms=%.2f max_ms=%.2f"
          % (variant, len(results), non200, errors, sum(retried.values()), percentile(latencies, 50),
             percentile(latencies, 99), latencies[-1] if latencies else float("nan")), flush=True)


def main():
    binary = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, ".build/release/textfit"))
    if shutil.which("nginx") is None:
        sys.exit("replicas: nginx is missing (apt-get install nginx-light)")
    bodies = load_bodies()
    failed = []
    for variant in os.environ.get("VARIANTS", "no-retry retry").split():
        if variant not in NEXT_UPSTREAM:
            sys.exit("replicas: unknown variant %r (no-retry, retry)" % variant)
        failed += ["%s: %s" % (variant, f) for f in run_variant(binary, variant, bodies)]
    for f in failed:
        print("FAIL: " + f)
    print("FAIL" if failed else "PASS")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
