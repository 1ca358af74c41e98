#!/usr/bin/env python3
"""Writes the seed corpora in Fuzz/corpus/<target>/ (committed; rerun to regenerate them).

Seeds are small real inputs: strings from /work/shared/data (or Benchmarks/Corpus) for `measure`,
random character mixes for `bidi`, the test fixtures' catalogs for the readers, the demo and docs
layout files, service requests in both transports, and raw HTTP/1.1 byte streams for `http` (`{PORT}`
stands for the server's port). Font seeds are not committed: fuzz.sh cuts
them from fonts/ with hb-subset at run time.
"""
import json
import os
import random
import re
import shutil
import struct

FUZZ = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(FUZZ)
SHARED = os.path.join(os.path.dirname(ROOT), "shared", "data")
FIXTURES = os.path.join(ROOT, "Tests", "LocalizationStressTests", "Fixtures")


def corpus(target):
    path = os.path.join(FUZZ, "corpus", target)
    shutil.rmtree(path, ignore_errors=True)
    os.makedirs(path)
    return path


def write(folder, name, data):
    with open(os.path.join(folder, name), "wb") as f:
        f.write(data if isinstance(data, bytes) else data.encode("utf-8"))


def tsv(name):
    """(locale, text) rows of a shared data file, or of its Benchmarks/Corpus copy."""
    for path in (os.path.join(SHARED, name), os.path.join(ROOT, "Benchmarks", "Corpus", name)):
        if os.path.exists(path):
            rows = [line.rstrip("\n").split("\t", 1) for line in open(path, encoding="utf-8")]
            return [r for r in rows if len(r) == 2 and not r[0].startswith("#") and r[0] != "locale"]
    return []


def cut(text, limit):
    data = text.encode("utf-8")[:limit]
    return data.decode("utf-8", "ignore")


def proposal(width):
    """fuzz-measure's 3-byte proposal: selector 6 (a width in 1/64 pt), big-endian 16-bit value."""
    return bytes([6]) + struct.pack(">H", min(int(width * 64), 0xFFFF))


def measure_header(rng, width):
    return (proposal(width) + proposal(width / 2) + bytes([rng.randrange(256) for _ in range(9)]))


def measure():
    out = corpus("measure")
    rng = random.Random(1)
    stress = os.path.join(SHARED, "stress_strings.json")
    texts = [(s["id"], s["text"]) for s in json.load(open(stress, encoding="utf-8"))] if os.path.exists(stress) else []
    seen = set()
    for locale, text in tsv("paragraphs.tsv"):
        if locale not in seen:
            seen.add(locale)
            texts.append(("paragraph-" + locale, cut(text, 400)))
    for locale, text in tsv("tags.tsv")[::120]:
        texts.append(("tag-" + locale, text))
    for name, text in texts:
        write(out, name, measure_header(rng, rng.choice([40, 120, 320])) + text.encode("utf-8"))
    # Plain texts with default-looking headers, and an invalid UTF-8 one.
    write(out, "hard-breaks", measure_header(rng, 100) + "one\ntwo\r\nthree\u2029".encode())
    write(out, "invalid-utf8", measure_header(rng, 60) + b"ab\xff\xfe\xc3(\xe2\x82cd \xf0\x9f\x98")


def bidi():
    out = corpus("bidi")
    rng = random.Random(2)
    for i in range(24):
        header = bytes([i % 3, rng.randrange(9), 6, rng.randrange(256), rng.randrange(256), rng.randrange(256)])
        body = bytes(rng.randrange(256) for _ in range(rng.choice([4, 12, 40, 120])))
        write(out, "mix-%02d" % i, header + body)


def catalogs():
    pick = {
        "xcstrings": ["Catalog.xcstrings", "BrokenEntries.xcstrings", "Malformed.xcstrings", "NoSourceLanguage.xcstrings"],
        "strings": ["Apple/en.lproj/Localizable.strings", "Apple/de.lproj/Localizable.strings",
                    "Apple/fr.lproj/Localizable.strings", "Broken/xx.lproj/Broken.strings",
                    "AppleBinary/ja.lproj/Localizable.strings"],
        "stringsdict": ["Apple/en.lproj/Localizable.stringsdict", "Apple/de.lproj/Localizable.stringsdict",
                        "Broken/Malformed.stringsdict", "Broken/xx.lproj/Broken.stringsdict",
                        "AppleBinary/ja.lproj/Localizable.stringsdict"],
        "xliff": ["Export/de.xliff", "Export/fr.xlf", "BrokenXLIFF/units.xliff", "BrokenXLIFF/malformed.xliff"],
        "android": ["Android/res/values/strings.xml", "Android/res/values-fr-rCA/strings.xml",
                    "Android/res/values-b+sr+Latn/strings.xml", "BrokenAndroid/values-de/strings.xml",
                    "BrokenAndroid/values-de/malformed.xml"],
        "po": ["PO/fr_CA.po", "PO/de/LC_MESSAGES/app.po", "BrokenPO/broken.po"],
    }
    for target, files in pick.items():
        out = corpus(target)
        for f in files:
            shutil.copy(os.path.join(FIXTURES, f), os.path.join(out, f.replace("/", "_")))


LAYOUTS = [
    {"hstack": {"alignment": "firstTextBaseline", "spacing": 4, "children": [
        {"text": "Settings", "style": "headline"}, {"spacer": {}}, {"text": "Einstellungen", "lineLimit": 1, "truncation": "middle"}]}},
    {"vstack": {"alignment": "leading", "children": [
        {"text": "مرحبا بالعالم", "font": "Noto Sans Arabic", "size": 20},
        {"box": {"width": 40, "height": 10}, "padding": {"horizontal": 4}}, {"rectangle": {}, "frame": {"maxWidth": "infinity", "height": 2}}]}},
    {"zstack": {"alignment": "topLeading", "children": [{"rectangle": {}}, {"text": "Top", "offset": {"x": 3, "y": -2}}]}},
    {"flow": {"spacing": 6, "maxRows": 2, "balanced": True, "alignment": "justified", "overflow": {"text": "+{count}"},
              "children": [{"text": w, "padding": 4} for w in ["Zürich", "東京", "القاهرة", "Reykjavík", "ᏣᎳᎩ", "नई दिल्ली"]]}},
    {"grid": {"horizontalSpacing": 8, "rows": [
        [{"text": "Name"}, {"text": "Value", "gridColumnAlignment": "trailing"}],
        [{"text": "A very long label that wraps", "gridCellColumns": 2}]]}},
    {"equalWidth": {"axis": "vertical", "children": [{"text": "OK"}, {"text": "Cancel"}]}, "fixedSize": True},
    {"viewThatFits": {"axes": ["horizontal"], "children": [
        {"text": "Rindfleischetikettierungsüberwachung", "minimumScaleFactor": 0.5},
        {"text": "Short", "weight": "bold", "italic": True, "tracking": 1}]}, "layoutPriority": 1, "id": "fit"},
    {"vstack": {"alignment": "leading", "children": [
        {"text": "~~Alt~~ **Neu** 한글 مرحبا", "markdown": True, "underline": True, "lineLimit": 1, "frame": {"width": 60}},
        {"text": "Durchgestrichen", "strikethrough": True, "minimumScaleFactor": 0.5, "frame": {"width": 40}}]}},
    {"hstack": {"alignment": "top", "children": [
        {"text": "Kurz", "lineLimit": 2, "reservesSpace": True, "frame": {"width": 50}},
        {"text": "Eine längere Beschreibung", "lineLimit": "2...3", "frame": {"width": 50}},
        {"text": "", "lineLimit": "3..."}, {"text": "設定を変更する", "lineLimit": "...1", "frame": {"width": 30}}]}},
]


def layoutfile():
    out = corpus("layoutfile")
    shutil.copy(os.path.join(ROOT, "demo", "tag-cloud.json"), os.path.join(out, "tag-cloud.json"))
    doc = open(os.path.join(ROOT, "docs", "layout-file.md"), encoding="utf-8").read()
    for i, block in enumerate(re.findall(r"```json(?: example)?\n(.*?)```", doc, re.S)):
        try:
            json.loads(block)
            write(out, "doc-%d.json" % i, block)
        except ValueError:
            pass
    for i, layout in enumerate(LAYOUTS):
        write(out, "layout-%d.json" % i, json.dumps(layout, ensure_ascii=False))


def service():
    out = corpus("service")
    tree = LAYOUTS[3]
    bodies = {
        "measure": {"texts": ["Rindfleischetikettierung", "الإعدادات", "設定を変更する"], "style": "body", "width": 120,
                    "lines": 2, "reservedLines": 2, "truncation": "middle", "dynamicType": "large,accessibility3", "lineMetrics": "fixed:20",
                    "features": ["-liga"], "tracking": 0.5, "tabInterval": 28, "wrap": "balanced", "direction": "rtl"},
        "layout": {"tree": tree, "width": 390, "dynamicType": "all", "direction": "rtl"},
        "render": {"tree": tree, "width": 300, "overlays": True},
        "fonts": {"for": "Zürich 東京 👩🏽‍💻", "weight": "bold"},
        "stress-check": {"key": "settings.title", "texts": {"en": "Settings", "de": "Einstellungen %@", "ar": "الإعدادات"},
                         "constraint": {"width": 80, "maxLines": 1, "style": "headline", "dynamicType": "large...accessibility2",
                                        "truncation": True, "minimumScaleFactor": 0.8, "padding": 4}},
    }
    ops = ["measure", "layout", "render", "fonts", "stress-check"]  # ServiceDispatcher.operations order
    for i, (op, body) in enumerate(bodies.items()):
        line = {"id": i + 1, "op": op, "params": body}
        write(out, "stdio-" + op, json.dumps(line, ensure_ascii=False))
        write(out, "http-" + op, bytes([ops.index(op)]) + json.dumps(body, ensure_ascii=False).encode())
    write(out, "stdio-fonts-list", '{"id":"x","op":"fonts"}')
    write(out, "stdio-bad", '{"id":[1,{"a":null}],"op":"measure","params":{"texts":[1]}}')


def http():
    """Raw client byte streams for `http`: what one connection sends (fuzz-http replaces `{PORT}`)."""
    out = corpus("http")
    host = "Host: 127.0.0.1:{PORT}\r\n"
    measure = json.dumps({"texts": ["Rindfleischetikettierung", "設定を変更する"], "style": "body", "width": 120, "lines": 2}, ensure_ascii=False)
    layout = json.dumps({"tree": {"vstack": {"children": [{"text": "Settings"}, {"text": "الإعدادات"}]}}, "width": 200}, ensure_ascii=False)
    render = json.dumps({"tree": {"text": "Hi"}, "width": 100})
    stress = json.dumps({"key": "k", "texts": {"en": "Settings", "de": "Einstellungen"}, "constraint": {"width": 80, "maxLines": 1}})
    fonts = json.dumps({"for": "Zürich 東京", "weight": "bold"}, ensure_ascii=False)

    def post(path, body, extra="", content_type="application/json"):
        data = body.encode("utf-8")
        return ("POST %s HTTP/1.1\r\n%sContent-Type: %s\r\nContent-Length: %d\r\n%s\r\n"
                % (path, host, content_type, len(data), extra)).encode() + data

    def chunked(path, body, extension=""):
        data = body.encode("utf-8")
        half = len(data) // 2
        return ("POST %s HTTP/1.1\r\n%sContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n" % (path, host)).encode() \
            + b"%x%s\r\n" % (half, extension.encode()) + data[:half] + b"\r\n" \
            + b"%x\r\n" % (len(data) - half) + data[half:] + b"\r\n0\r\n\r\n"

    get = lambda path, extra="": ("GET %s HTTP/1.1\r\n%s%s\r\n" % (path, host, extra)).encode()
    seeds = {
        # Every route, valid.
        "get-healthz": get("/healthz"),
        "head-healthz": b"HEAD /healthz HTTP/1.1\r\n" + host.encode() + b"\r\n",
        "get-metrics": b"GET /metrics HTTP/1.1\r\nHost: localhost:{PORT}\r\n\r\n",
        "get-playground": b"GET / HTTP/1.1\r\nHost: [::1]:{PORT}\r\nConnection: close\r\n\r\n",
        "get-fonts": get("/v1/fonts?x=1"),
        "post-fonts": post("/v1/fonts", fonts),
        "post-measure": post("/v1/measure", measure),
        "post-measure-charset": post("/v1/measure", measure, content_type="application/json; charset=\"utf-8\""),
        "post-layout": post("/v1/layout", layout),
        "post-render": post("/v1/render", render),
        "post-stress-check": post("/v1/stress-check", stress),
        "post-measure-chunked": chunked("/v1/measure", measure),
        "post-layout-chunked-extension": chunked("/v1/layout", layout, extension=";name=value"),
        "post-measure-expect-continue": post("/v1/measure", measure, extra="Expect: 100-continue\r\n"),
        "http10-no-host": b"GET /healthz HTTP/1.0\r\n\r\n",
        "absolute-form": b"GET http://127.0.0.1:{PORT}/healthz HTTP/1.1\r\n" + host.encode() + b"\r\n",
        # Several requests on one connection.
        "pipelined": get("/healthz") + post("/v1/measure", measure) + b"HEAD /metrics HTTP/1.1\r\n" + host.encode() + b"\r\n" + get("/v1/fonts"),
        "pipelined-close-midway": get("/healthz", "Connection: close\r\n") + get("/metrics"),
        "pipelined-chunked": chunked("/v1/fonts", fonts) + get("/healthz"),
        # Framing the server refuses (HTTPServer.framingProblem, transferEncodingProblem).
        "content-length-space-before-colon": ("POST /v1/fonts HTTP/1.1\r\n%sContent-Type: application/json\r\nContent-Length : 2\r\n\r\n{}" % host).encode() + get("/healthz"),
        "te-and-cl": ("POST /v1/measure HTTP/1.1\r\n%sContent-Type: application/json\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n" % host).encode() + get("/healthz"),
        "te-unknown": ("POST /v1/measure HTTP/1.1\r\n%sContent-Type: application/json\r\nTransfer-Encoding: gzip\r\n\r\n{}" % host).encode(),
        "te-chunked-twice": ("POST /v1/fonts HTTP/1.1\r\n%sContent-Type: application/json\r\nTransfer-Encoding: chunked\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n" % host).encode(),
        "content-lengths-differ": ("POST /v1/fonts HTTP/1.1\r\n%sContent-Type: application/json\r\nContent-Length: 2\r\nContent-Length: 3\r\n\r\n{}" % host).encode(),
        "content-length-bad": ("POST /v1/fonts HTTP/1.1\r\n%sContent-Type: application/json\r\nContent-Length: 1x\r\n\r\n{}" % host).encode(),
        "content-length-huge": ("POST /v1/fonts HTTP/1.1\r\n%sContent-Type: application/json\r\nContent-Length: 99999999999999999999999\r\n\r\n{}" % host).encode(),
        "content-length-over-cap": ("POST /v1/measure HTTP/1.1\r\n%sContent-Type: application/json\r\nContent-Length: 5000\r\n\r\n{" % host).encode(),
        "chunked-over-cap": ("POST /v1/measure HTTP/1.1\r\n%sContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n" % host).encode()
            + b"".join(b"400\r\n" + b" " * 1024 + b"\r\n" for _ in range(5)) + b"0\r\n\r\n",
        "chunked-bad-size": ("POST /v1/fonts HTTP/1.1\r\n%sContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n" % host).encode(),
        "body-short": ("POST /v1/fonts HTTP/1.1\r\n%sContent-Type: application/json\r\nContent-Length: 10\r\n\r\n{}" % host).encode(),
        "head-incomplete": b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1:{PORT}\r\n",
        "no-host": b"GET /healthz HTTP/1.1\r\n\r\n",
        "two-hosts": b"GET /healthz HTTP/1.1\r\n" + host.encode() + host.encode() + b"\r\n",
        "host-elsewhere": b"GET /healthz HTTP/1.1\r\nHost: example.com\r\n\r\n",
        "header-too-big": b"GET /healthz HTTP/1.1\r\n" + host.encode() + b"X-Big: " + b"a" * 5000 + b"\r\n\r\n",
        "uri-too-long": b"GET /" + b"a" * 5000 + b" HTTP/1.1\r\n" + host.encode() + b"\r\n",
        "http2-preface": b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n",
        "http-version-bad": b"GET /healthz HTTP/3.7\r\n" + host.encode() + b"\r\n",
        "obs-fold": b"GET /healthz HTTP/1.1\r\n" + host.encode() + b"X-A: b\r\n c\r\n\r\n",
        "bare-lf": b"GET /healthz HTTP/1.1\n" + host.encode().replace(b"\r", b"") + b"\n",
        # Browser policy (RequestPolicy) and media type.
        "origin-own": get("/healthz", "Origin: http://127.0.0.1:{PORT}\r\n"),
        "origin-foreign": post("/v1/measure", measure, extra="Origin: https://evil.example\r\n"),
        "preflight": ("OPTIONS /v1/measure HTTP/1.1\r\n%sOrigin: https://app.example\r\nAccess-Control-Request-Method: POST\r\n\r\n" % host).encode(),
        "text-plain": post("/v1/measure", measure, content_type="text/plain"),
        "form": post("/v1/measure", "a=b", content_type="application/x-www-form-urlencoded"),
        # Routing.
        "not-found": get("/nope"),
        "method-not-allowed": ("PUT /healthz HTTP/1.1\r\n%sContent-Length: 0\r\n\r\n" % host).encode(),
        "not-implemented": ("FROB /v1/measure HTTP/1.1\r\n%s\r\n" % host).encode(),
        "bad-json": post("/v1/measure", '{"texts":[1,'),
    }
    for name, data in seeds.items():
        write(out, name, data)


if __name__ == "__main__":
    measure()
    bidi()
    catalogs()
    layoutfile()
    service()
    http()
    for target in sorted(os.listdir(os.path.join(FUZZ, "corpus"))):
        folder = os.path.join(FUZZ, "corpus", target)
        print("%-12s %3d seeds, %6d bytes" % (target, len(os.listdir(folder)),
                                             sum(os.path.getsize(os.path.join(folder, f)) for f in os.listdir(folder))))
