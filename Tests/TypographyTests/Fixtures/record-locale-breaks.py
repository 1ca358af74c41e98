#!/usr/bin/python3
"""Records locale-breaks.tsv: ICU's own line breaks for locales as written, before TextFit reads them.

Run from anywhere (deterministic; overwrites locale-breaks.tsv next to this file):

    /usr/bin/python3 Tests/TypographyTests/Fixtures/record-locale-breaks.py

Needs Debian 12's libicu72 (libicuuc.so.72), called through ctypes: TextFit's code is not used.
Each locale is given to ICU as it is written, the way TextFit gave it before issue 46: a BCP 47 tag
is converted to an ICU locale ID by ICU's uloc_forLanguageTag (an ICU ID is passed as it is), and
ubrk_open(UBRK_LINE, id) breaks the text. The test (CanonicalLocaleBreakTests) holds TextFit's
breaks for the same locale, which now goes through CanonicalLocale first, to these: a canonical
locale must break as the locale as written did.

Columns: locale (as written), text (JSON string), break offsets (Unicode scalar offsets after the
start, comma-separated, ending with the scalar count).
"""

import ctypes
import json
import os

ICU = ctypes.CDLL("libicuuc.so.72")
V = "_72"


def icu(name, restype, *argtypes):
    function = getattr(ICU, name + V)
    function.restype = restype
    function.argtypes = list(argtypes)
    return function


status_t = ctypes.c_int
for_language_tag = icu("uloc_forLanguageTag", ctypes.c_int32, ctypes.c_char_p, ctypes.c_char_p, ctypes.c_int32,
                       ctypes.POINTER(ctypes.c_int32), ctypes.POINTER(status_t))
ubrk_open = icu("ubrk_open", ctypes.c_void_p, ctypes.c_int, ctypes.c_char_p, ctypes.POINTER(ctypes.c_uint16),
                ctypes.c_int32, ctypes.POINTER(status_t))
ubrk_next = icu("ubrk_next", ctypes.c_int32, ctypes.c_void_p)
ubrk_close = icu("ubrk_close", None, ctypes.c_void_p)
UBRK_LINE = 2
UBRK_DONE = -1

# Locales as written: canonical already, canonical after a spelling change, and with parts that
# CanonicalLocale drops (ICU falls back past them).
LOCALES = [
    "ja", "ja-JP", "ja-JP-u-lb-strict", "ja-JP-u-lb-normal", "ja-JP-u-lb-loose", "ja_JP@lb=strict", "ja_JP@lb=loose",
    "ja-u-lw-phrase", "ja-Jpan-JP-u-lb-loose", "ja-XX-u-lb-strict", "ja-JP-u-ca-japanese-lb-loose", "ja-JP-x-foo",
    "zh", "zh-HK", "zh-Hant-HK", "zh-Hant-TW-u-lb-strict", "zh-XX", "ko", "ko-u-lw-phrase", "ko-KR-u-lb-loose",
    "th", "th-TH", "th-XX", "th-TH-u-nu-thai", "sr-Latn", "sr", "de-X1234", "de-CH-1996", "en-u-foo-bar", "en-US-u-va-posix",
    "fi", "sv-XX", "el", "", "und-u-lb-strict",
]

TEXTS = [
    "あぁいぃうぅーっ。「東京」ですね、ヶ月ゝ々〻",
    "ありがとうございます。今日は良い天気ですね。",
    "中文「测试」，好吗？我们在々〆〇前进",
    "한국어 텍스트입니다. 〜「인용」、다음",
    "การตั้งค่าความเป็นส่วนตัว",
    "well-known—text (10 %) 3.14 foo/bar «quote» ‹x›",
]


def breaks(locale, text):
    if "-" in locale and "@" not in locale and "_" not in locale:
        buffer = ctypes.create_string_buffer(200)
        parsed = ctypes.c_int32(0)
        status = status_t(0)
        for_language_tag(locale.encode(), buffer, 200, ctypes.byref(parsed), ctypes.byref(status))
        assert status.value <= 0, (locale, status.value)
        locale_id = buffer.value
    else:
        locale_id = locale.encode()
    units = text.encode("utf-16-le")
    count = len(units) // 2
    array = (ctypes.c_uint16 * count).from_buffer_copy(units)
    status = status_t(0)
    iterator = ubrk_open(UBRK_LINE, locale_id, array, count, ctypes.byref(status))
    assert iterator and status.value <= 0, (locale, status.value)
    # UTF-16 offset -> scalar offset.
    scalar_at = {}
    unit = 0
    for index, character in enumerate(text):
        scalar_at[unit] = index
        unit += 2 if ord(character) > 0xFFFF else 1
    scalar_at[unit] = len(text)
    offsets = []
    while True:
        boundary = ubrk_next(iterator)
        if boundary == UBRK_DONE:
            break
        offsets.append(scalar_at[boundary])
    ubrk_close(iterator)
    return offsets


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    lines = [
        "# ICU 72's line breaks for locales as written (see record-locale-breaks.py): locale, text (JSON), offsets.",
        "# Written by record-locale-breaks.py; do not edit by hand.",
    ]
    for locale in LOCALES:
        for text in TEXTS:
            lines.append("\t".join([locale, json.dumps(text, ensure_ascii=False), ",".join(map(str, breaks(locale, text)))]))
    with open(os.path.join(here, "locale-breaks.tsv"), "w", encoding="utf-8") as out:
        out.write("\n".join(lines) + "\n")


main()
