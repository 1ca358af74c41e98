"""skia_bench: SkParagraph (skia.textlayout from skia-python) as a peer harness.

Fonts: a generated fonts.conf whose only folder holds (symlinks to) the --fonts files, so Skia's default
font manager (Fontconfig on Linux) sees only the bundled fonts; a FontCollection with that manager as default (font fallback on,
SkParagraph's default), family "Noto Sans" at --size px, locale "en".

Workloads (timed with perf_counter_ns: the loop over all paragraphs, after one untimed warm-up pass):
  paragraphs-first     per paragraph: ParagraphBuilder → addText → Build → layout(W, default 200).
                       The FontCollection's ParagraphCache (shaping results keyed by text and style)
                       is flushed before every pass, untimed, by laying out 512 distinct dummy texts,
                       so every paragraph is shaped afresh. Paragraph objects are freed after timing.
  paragraphs-relayout  every paragraph built and laid out at W untimed; each rep times layout() of all
                       paragraphs at a new width: W2 (--width2, default 320), W, W2, … (SkParagraph
                       skips line breaking when the width is unchanged, so the width always changes).
The Python overhead is a few calls per paragraph (~1 µs). skia-python exposes no line count nor
unresolved-glyph count, so `sums` has heights only.
"""
import os
import sys
import tempfile
import time

sys.dont_write_bytecode = True  # keep __pycache__ out of the source tree
from peers_common import fail, parse_args, print_result, read_corpus, sandbox_fontconfig  # noqa: E402

CACHE_FLUSH = 512  # > the ParagraphCache's 128 entries (20 paragraphs still hit after 100 dummies, not after 120)


def quiet_fontconfig_warnings(make):
    """Runs make() with stderr captured, then re-prints all but skia-python's bundled (older)
    Fontconfig complaining about /usr/share/fontconfig/conf.avail/05-reset-dirs-sample.conf, which it
    only parses (to list available configs) and never applies."""
    sys.stderr.flush()
    saved = os.dup(2)
    with tempfile.TemporaryFile() as captured:
        os.dup2(captured.fileno(), 2)
        try:
            result = make()
        finally:
            os.dup2(saved, 2)
            os.close(saved)
        captured.seek(0)
        for line in captured.read().decode(errors="replace").splitlines():
            if "reset-dirs" not in line:
                print(line, file=sys.stderr)
    return result


def main():
    args = parse_args(["paragraphs-first", "paragraphs-relayout"])
    width = args.width if args.width is not None else 200.0
    entries = read_corpus(args.corpus)
    texts = [text for _, text in entries]
    sandbox_fontconfig(args.fonts)
    import skia

    tl = skia.textlayout
    manager = quiet_fontconfig_warnings(skia.FontMgr)
    if manager.matchFamilyStyle("Noto Sans", skia.FontStyle()) is None:
        fail(f"Skia's font manager finds no \"Noto Sans\" in {args.fonts}")
    collection = tl.FontCollection()
    collection.setDefaultFontManager(manager, "Noto Sans")
    text_style = tl.TextStyle()
    text_style.setFontFamilies(["Noto Sans"])
    text_style.setFontSize(args.size)
    text_style.setLocale("en")
    paragraph_style = tl.ParagraphStyle()
    paragraph_style.setTextStyle(text_style)
    unicode = skia.Unicode.ICU_Make()

    def build(text, layout_width):
        builder = tl.ParagraphBuilder(paragraph_style, collection, unicode)
        builder.addText(text)
        paragraph = builder.Build()
        paragraph.layout(layout_width)
        return paragraph

    ns = []
    height_w = height_w2 = None
    if args.workload == "paragraphs-first":
        for rep in range(-1, args.reps):  # rep -1: the warm-up pass
            for i in range(CACHE_FLUSH):  # untimed: evict every corpus paragraph from the ParagraphCache
                build(f"cache flush {rep} {i}", width)
            kept = []
            start = time.perf_counter_ns()
            for text in texts:
                kept.append(build(text, width))
            elapsed = time.perf_counter_ns() - start
            height = sum(p.Height for p in kept)
            if height_w is None:
                height_w = height
            elif height != height_w:
                fail(f"paragraphs-first: total height changed from {height_w} to {height} ({args.corpus})")
            if rep >= 0:
                ns.append(elapsed / len(texts))
            del kept
        sums = {"height_at_W": height_w}
        timed = "per paragraph: new ParagraphBuilder, addText, Build, layout(W) (ParagraphCache flushed untimed)"
    else:
        paragraphs = [build(text, width) for text in texts]
        height_w = sum(p.Height for p in paragraphs)
        for rep in range(-1, args.reps):  # warm-up → W2, rep 0 → W, rep 1 → W2, …
            to_w2 = (rep + 1) % 2 == 0
            new_width = args.width2 if to_w2 else width
            start = time.perf_counter_ns()
            for paragraph in paragraphs:
                paragraph.layout(new_width)
            elapsed = time.perf_counter_ns() - start
            height = sum(p.Height for p in paragraphs)
            if to_w2:
                height_w2 = height
            elif height != height_w:
                fail(f"paragraphs-relayout: height at W changed from {height_w} to {height} ({args.corpus})")
            if rep >= 0:
                ns.append(elapsed / len(texts))
        sums = {"height_at_W": height_w, "height_at_W2": height_w2}
        timed = "per paragraph: layout(new width) of a laid-out Paragraph, widths alternating W2/W"
    notes = (f"skia-python {skia.__version__} (Skia m{skia.__version__.split('.')[0]}), SkParagraph, "
             f"Fontconfig font manager seeing only the bundled fonts, fallback on, \"Noto Sans\" {args.size:g} px, "
             f"W={width:g} W2={args.width2:g}; timed: {timed}")
    print_result("skia", skia.__version__, args.workload, len(texts), sum(len(t) for t in texts), ns, sums, notes)


if __name__ == "__main__":
    main()
