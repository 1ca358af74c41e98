#!/usr/bin/env python3
"""Floods a real `textfit serve --http` with distinct locale strings and prints what they cost.

    python3 Tests/load/locale-flood.py [--binary .build/release/textfit] [--locales 60000]
                                       [--per-request 1000] [--warm-up 8000] [--measure-every 30]

Issue 46: every distinct `locale` left state behind in ICU and HarfBuzz for good. This starts
`textfit serve --http 127.0.0.1:0 --bundled-only`, sends --warm-up distinct locales, takes the
server's resident memory (VmRSS) and the median time of two plain requests — `measure "Settings"`
(no locale) and a Thai text with `locale: th`, each the lowest of seven rounds' medians of 40, so a
round slowed by other work on the machine does not decide — then sends --locales more: stress-check
requests of --per-request locale keys each (the issue's fast path; one Dynamic Type size), and a
measure request with a new locale after every --measure-every thousand. It prints RSS and the time a
new locale costs every 10,000 locales, and the figures before and after. docs/reliability.md
("Distinct locales") has the figures this printed. Python 3 standard library only.
"""

import argparse
import http.client
import json
import random
import re
import statistics
import subprocess
import threading
import time

LANGUAGES = ["de", "en", "fr", "es", "pt", "ja", "zh", "th", "ar", "he", "ru", "sr", "ko", "hi", "tr", "pl"]
TEXT = "Einstellungen — %d Konten"


class Server:
    def __init__(self, binary):
        self.process = subprocess.Popen([binary, "serve", "--http", "127.0.0.1:0", "--bundled-only"], stdin=subprocess.DEVNULL,
                                        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        line = self.process.stderr.readline().decode()
        self.port = int(re.search(r"127\.0\.0\.1:(\d+)", line).group(1))
        threading.Thread(target=self.process.stderr.read, daemon=True).start()  # later log lines
        self.connection = http.client.HTTPConnection("127.0.0.1", self.port)

    def post(self, path, body):
        for _ in range(2):
            try:
                self.connection.request("POST", path, json.dumps(body), {"Content-Type": "application/json"})
                response = self.connection.getresponse()
                data = response.read()
                if (response.getheader("Connection") or "").lower() == "close":
                    self.connection.close()
                    self.connection = http.client.HTTPConnection("127.0.0.1", self.port)
                return response.status, data
            except (http.client.RemoteDisconnected, ConnectionResetError, BrokenPipeError):
                self.connection.close()
                self.connection = http.client.HTTPConnection("127.0.0.1", self.port)
        raise SystemExit("the connection failed twice")

    def rss(self):
        with open(f"/proc/{self.process.pid}/status") as status:
            for line in status:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024

    def stop(self):
        self.process.terminate()
        self.process.wait()


class Locales:
    """Distinct, valid-looking locale strings, each naming its serial number."""

    def __init__(self, seed):
        self.random = random.Random(seed)
        self.serial = 0

    def letters(self, count):
        return "".join(self.random.choice("abcdefghijklmnopqrstuvwxyz") for _ in range(count))

    def next(self, icu_ids=True):
        self.serial += 1
        n = format(self.serial, "x").rjust(4, "0")
        language = self.random.choice(LANGUAGES)
        kind = self.random.randint(0, 6 if icu_ids else 4)
        if kind == 0:
            return f"{language}-x{n}"
        if kind == 1:
            return f"{self.letters(2)}-{self.letters(1).upper()}{self.letters(3)}-{self.random.randint(10, 99)}-{n}"
        if kind == 2:
            return f"{language}-u-{self.letters(3)}-{n}"
        if kind == 3:
            return f"{language}-{self.letters(2).upper()}-u-lb-{self.random.choice(['strict', 'normal', 'loose'])}-nu-{self.letters(4)}-{n}"
        if kind == 4:
            return f"{self.letters(self.random.randint(2, 3))}-{self.random.randint(100, 999)}-x-{n}"
        if kind == 5:
            return f"{language}_{self.letters(2).upper()}_X{n}"
        return f"{language}_{self.letters(2).upper()}@lb=loose;x={n}"


def plain_medians(server):
    best = [float("inf"), float("inf")]
    bodies = [{"texts": ["Settings"]}, {"texts": ["การตั้งค่าความเป็นส่วนตัว"], "locale": "th"}]
    for _ in range(7):
        times = [[], []]
        for _ in range(40):
            for index, body in enumerate(bodies):
                start = time.perf_counter()
                status, data = server.post("/v1/measure", body)
                times[index].append(time.perf_counter() - start)
                assert status == 200, data[:200]
        best = [min(best[i], statistics.median(times[i])) for i in range(2)]
    return [value * 1000 for value in best]


def flood(server, locales, count, per_request, measure_every):
    sent = 0
    while sent < count:
        texts = {locales.next(): TEXT for _ in range(per_request)}
        status, data = server.post("/v1/stress-check", {"key": "settings", "texts": texts, "constraint": {"dynamicType": "large"}})
        assert status == 200, data[:300]
        sent += per_request
        if measure_every and sent % (measure_every * 1000) == 0:
            status, data = server.post("/v1/measure", {"texts": ["Einstellungen — Konten"], "locale": locales.next(icu_ids=False)})
            assert status == 200, data[:300]
        yield sent


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", default=".build/release/textfit")
    parser.add_argument("--locales", type=int, default=60_000)
    parser.add_argument("--per-request", type=int, default=1_000)
    parser.add_argument("--warm-up", type=int, default=8_000)
    parser.add_argument("--measure-every", type=int, default=30, help="a measure request after every N stress-check requests (0: none)")
    arguments = parser.parse_args()
    server = Server(arguments.binary)
    locales = Locales(46)
    try:
        print(f"start: RSS {server.rss():.1f} MiB")
        for _ in flood(server, locales, arguments.warm_up, arguments.per_request, 0):
            pass
        plain_medians(server)
        before_rss, before = server.rss(), plain_medians(server)
        print(f"after a warm-up of {arguments.warm_up:,} locales: RSS {before_rss:.1f} MiB; p50 Settings {before[0]:.3f} ms, th {before[1]:.3f} ms")
        start = last = time.perf_counter()
        for sent in flood(server, locales, arguments.locales, arguments.per_request, arguments.measure_every):
            if sent % 10_000 == 0:
                now = time.perf_counter()
                print(f"  {sent:>7,} more locales: RSS {server.rss():.1f} MiB, {(now - last) / 10_000 * 1000:.3f} ms a locale lately", flush=True)
                last = now
        after_rss, after = server.rss(), plain_medians(server)
        print(f"after {arguments.locales:,} more in {time.perf_counter() - start:.1f} s: RSS {after_rss:.1f} MiB "
              f"({(after_rss / before_rss - 1) * 100:+.0f} %); p50 Settings {after[0]:.3f} ms ({(after[0] / before[0] - 1) * 100:+.0f} %), "
              f"th {after[1]:.3f} ms ({(after[1] / before[1] - 1) * 100:+.0f} %)")
    finally:
        server.stop()


main()
