// floor_bench: the raw HarfBuzz floor (../HarfBuzzFloor/floor.c) as a peer harness.
//
// Workloads (the command line and the JSON line are described in README.md):
//   tags-ideal        per tag: hbfloor_measure (clear buffer, add UTF-8, guess properties, shape,
//                     sum advances) with the font hbfloor_pick chose beforehand, untimed.
//                     Width in px = advance × size ÷ upem.
//   paragraphs-shape  the same, one shape of each whole paragraph (no line breaking).
//   tags-all          the least work that answers the three questions TextFit's tags-all answers,
//                     per tag: hbfloor_measure_clusters (one shape, each cluster's advance), ICU's
//                     line break iterator over the UTF-8 (one per locale, opened untimed), the
//                     minimum as the widest HarfBuzz cluster (no reshaping, no grapheme
//                     segmentation), and greedy wrapping at --width W (trailing ASCII spaces
//                     hang; a word wider than W is cut between clusters). Heights: lines × the
//                     font's hhea line height. No font fallback, no cache, no placement.
//   tags-exact        tags-all made exact where TextFit's contract requires it (for reference, not a
//                     target): the shape also records HarfBuzz's UNSAFE_TO_BREAK flags, ICU's character
//                     iterator gives the grapheme clusters, and a line cut that HarfBuzz flags unsafe
//                     (or that falls inside a HarfBuzz cluster) is measured by shaping the line alone.
//                     The minimum is SwiftUI's width-0 answer: every grapheme cluster on a line of its
//                     own (trailing ASCII spaces hang), each reshaped alone when a cut is unsafe, through
//                     a cache of (font, bytes) emptied before each rep as TextFit's caches are; wrapping
//                     cuts an over-wide word between grapheme clusters. Still one font per tag: no
//                     fallback, no bidi, no placement.
// Timed: the loop over all items (CLOCK_MONOTONIC), after one untimed warm-up pass.
#include "peers_common.h"
#include "floor.h"

#include <unicode/ubrk.h>
#include <unicode/utext.h>
#include <unicode/uversion.h>

/// One tag's facts: `pre[i]`, the advance of bytes 0 ..< i; `adv[i]`, the advance of the cluster
/// starting at byte i (0 elsewhere). For `tags-exact` also `unsafe[i]`, a line cut before byte i
/// needs a reshape (HarfBuzz's flag, or no cluster starts there), and `grapheme[i]`, a grapheme
/// cluster starts at byte i.
typedef struct {
    hbfloor *floor;
    int font, n;
    const char *text;
    const long *pre;
    const int *adv;
    const unsigned char *unsafe, *grapheme;
} exact_tag;

/// Graphemes shaped alone, by (font, bytes): open addressing, emptied before each rep.
enum { RESHAPE_SLOTS = 8192, RESHAPE_KEY = 28 };
typedef struct {
    int font;
    unsigned char length;  // 0: empty
    char bytes[RESHAPE_KEY];
    long advance;
} reshape_slot;
static reshape_slot reshape_cache[RESHAPE_SLOTS];

/// Bytes `start ..< end` shaped alone (through the cache when `cached`), in font units.
static long reshape(const exact_tag *t, int start, int end, int cached) {
    int length = end - start;
    const char *bytes = t->text + start;
    if (!cached || length > RESHAPE_KEY) return hbfloor_measure(t->floor, t->font, bytes, length);
    unsigned h = 2166136261u ^ (unsigned)t->font;
    for (int k = 0; k < length; k++) h = (h ^ (unsigned char)bytes[k]) * 16777619u;
    for (unsigned probe = 0; probe < RESHAPE_SLOTS; probe++) {
        reshape_slot *slot = &reshape_cache[(h + probe) & (RESHAPE_SLOTS - 1)];
        if (slot->length == 0) {
            slot->font = t->font, slot->length = (unsigned char)length;
            memcpy(slot->bytes, bytes, length);
            return slot->advance = hbfloor_measure(t->floor, t->font, bytes, length);
        }
        if (slot->font == t->font && slot->length == length && !memcmp(slot->bytes, bytes, length)) return slot->advance;
    }
    return hbfloor_measure(t->floor, t->font, bytes, length);
}

/// The width of the line `start ..< end` whose end cut is at `cut_end` (after its hanging spaces):
/// the paragraph's advances, or the line shaped alone when a cut is unsafe.
static long span(const exact_tag *t, int start, int end, int cut_end, int grapheme) {
    int unsafe = (start > 0 && t->unsafe[start]) || (cut_end < t->n && t->unsafe[cut_end]);
    return unsafe ? reshape(t, start, end, grapheme) : t->pre[end] - t->pre[start];
}

/// SwiftUI's width-0 minimum: the widest grapheme cluster, each on a line of its own.
static long minimum(const exact_tag *t, UBreakIterator *breaks) {
    long widest = 0;
    int start = 0;
    ubrk_first(breaks);
    for (int b = ubrk_next(breaks); b != UBRK_DONE; b = ubrk_next(breaks)) {
        int trimmed = b;
        while (trimmed > start && t->text[trimmed - 1] == ' ') trimmed--;
        for (int g = start, next = start + 1; next <= trimmed; next++) {
            if (next < trimmed && !t->grapheme[next]) continue;
            long w = span(t, g, next, next == trimmed ? b : next, 1);
            if (w > widest) widest = w;
            g = next;
        }
        start = b;
    }
    return widest;
}

/// The widest line (font units) of the tag wrapped greedily at `limit` font units at the
/// opportunities `breaks` finds, and the line count; trailing ASCII spaces hang. `tags-all`: widths
/// from `pre`, a word wider than the line cut between HarfBuzz clusters. `exact` (`tags-exact`):
/// widths from `span`, the cut between grapheme clusters. Inlined into each caller with `exact`
/// constant, so `tags-all` does no more than it always did.
static inline __attribute__((always_inline)) long wrap(const exact_tag *t, UBreakIterator *breaks, long limit, int *lines_out, int exact) {
    long widest = 0, candidate_width = 0;
    int lines = 0, start = 0, candidate = -1;
    if (exact) ubrk_first(breaks);  // `minimum` walked it first
    int b = ubrk_next(breaks);
    while (b != UBRK_DONE) {
        int end = b;
        while (end > start && t->text[end - 1] == ' ') end--;
        long w = exact ? span(t, start, end, b, 0) : t->pre[end] - t->pre[start];
        int hard = ubrk_getRuleStatus(breaks) >= UBRK_LINE_HARD;
        if (w <= limit) {
            if (hard) {
                lines++;
                if (w > widest) widest = w;
                start = b, candidate = -1;
            } else {
                candidate = b, candidate_width = w;
            }
            b = ubrk_next(breaks);
        } else if (candidate > start) {
            lines++;
            if (candidate_width > widest) widest = candidate_width;
            start = candidate, candidate = -1;
        } else {
            // A word wider than the line: cut between clusters, at least one cluster a line.
            int cut = start + 1;
            while (cut < b && (exact ? !t->grapheme[cut] : t->adv[cut] == 0)) cut++;
            long cw = exact ? span(t, start, cut, cut, 0) : t->pre[cut] - t->pre[start];
            for (int k = cut + 1; k < b; k++) {
                if (exact ? !t->grapheme[k] : t->adv[k] == 0) continue;
                long kw = exact ? span(t, start, k, k, 0) : t->pre[k] - t->pre[start];
                if (kw > limit) break;
                cut = k, cw = kw;
            }
            lines++;
            if (cw > widest) widest = cw;
            start = cut, candidate = -1;
        }
    }
    if (start < t->n || lines == 0) {
        int end = t->n;
        while (end > start && t->text[end - 1] == ' ') end--;
        long w = exact ? span(t, start, end, t->n, 0) : t->pre[end] - t->pre[start];
        if (w > widest) widest = w;
        lines++;
    }
    *lines_out = lines;
    return widest;
}

static const char usage[] =
    "usage: floor_bench tags-ideal|tags-all|tags-exact|paragraphs-shape --corpus PATH --fonts DIR [--size 17] [--reps N]";

/// The `tags-all` and (`exact`) `tags-exact` workloads (see the top of the file).
static int tags_all(bench_args a, int exact) {
    corpus c = read_corpus(a.corpus);
    if (!a.fonts) die("--fonts DIR is required");
    double width = a.width < 0 ? 100 : a.width;
    hbfloor *floor = hbfloor_create(a.fonts);
    if (!floor) die("cannot load the floor's fonts from %s", a.fonts);

    // Untimed: each item's font, px per font unit, and line break iterator (one per locale).
    int *font = malloc(c.count * sizeof *font), *breaker = malloc(c.count * sizeof *breaker), longest = 0;
    double *scale = malloc(c.count * sizeof *scale), *ns = malloc(a.reps * sizeof *ns);
    UBreakIterator **iterators = calloc(c.count, sizeof *iterators);
    const char **iterator_locale = calloc(c.count, sizeof *iterator_locale);
    int iterator_count = 0;
    if (!font || !breaker || !scale || !ns || !iterators || !iterator_locale) die("out of memory");
    for (int i = 0; i < c.count; i++) {
        font[i] = hbfloor_pick(floor, c.text[i], c.length[i]);
        scale[i] = a.size / hbfloor_upem(floor, font[i]);
        if (c.length[i] > longest) longest = c.length[i];
        int found = -1;
        for (int k = 0; k < iterator_count; k++) if (!strcmp(iterator_locale[k], c.locale[i])) found = k;
        if (found < 0) {
            UErrorCode status = U_ZERO_ERROR;
            iterators[iterator_count] = ubrk_open(UBRK_LINE, c.locale[i], NULL, 0, &status);
            if (U_FAILURE(status)) die("ICU: cannot open a line break iterator for %s: %s", c.locale[i], u_errorName(status));
            iterator_locale[iterator_count] = c.locale[i];
            found = iterator_count++;
        }
        breaker[i] = found;
    }
    int *adv = malloc((longest + 1) * sizeof *adv);
    long *pre = malloc((longest + 1) * sizeof *pre);
    unsigned char *unsafe = malloc(longest + 1), *grapheme = malloc(longest + 1);
    if (!adv || !pre || !unsafe || !grapheme) die("out of memory");
    UErrorCode opened = U_ZERO_ERROR;
    UBreakIterator *characters = ubrk_open(UBRK_CHARACTER, "", NULL, 0, &opened);
    if (U_FAILURE(opened)) die("ICU: cannot open a character break iterator: %s", u_errorName(opened));

    double ideal_w = 0, ideal_h = 0, min_w = 0, wrapped_w = 0, wrapped_h = 0;
    for (int rep = -1; rep < a.reps; rep++) {  // rep -1: the warm-up pass
        if (exact) memset(reshape_cache, 0, sizeof reshape_cache);  // as TextFit's caches are emptied, untimed
        long long start = now_ns();
        long check = 0;
        for (int i = 0; i < c.count; i++) {
            int n = c.length[i];
            memset(adv, 0, n * sizeof *adv);
            long ideal;
            if (exact) {
                memset(unsafe, 1, n);  // a cut where no cluster starts is inside one
                unsafe[n] = 0;
                ideal = hbfloor_measure_clusters_unsafe(floor, font[i], c.text[i], n, adv, unsafe);
            } else {
                ideal = hbfloor_measure_clusters(floor, font[i], c.text[i], n, adv);
            }
            long widest_cluster = 0;
            pre[0] = 0;
            for (int k = 0; k < n; k++) {
                pre[k + 1] = pre[k] + adv[k];
                if (adv[k] > widest_cluster) widest_cluster = adv[k];
            }
            UErrorCode status = U_ZERO_ERROR;
            UText text = UTEXT_INITIALIZER;
            utext_openUTF8(&text, c.text[i], n, &status);
            ubrk_setUText(iterators[breaker[i]], &text, &status);
            if (exact) ubrk_setUText(characters, &text, &status);
            if (U_FAILURE(status)) die("ICU: cannot set the text of item %d: %s", i, u_errorName(status));
            int lines = 0;
            long wrapped;
            exact_tag t = {floor, font[i], n, c.text[i], pre, adv, unsafe, grapheme};
            if (exact) {
                memset(grapheme, 0, n + 1);
                for (int b = ubrk_first(characters); b != UBRK_DONE; b = ubrk_next(characters)) grapheme[b] = 1;
                widest_cluster = minimum(&t, iterators[breaker[i]]);
                wrapped = wrap(&t, iterators[breaker[i]], (long)(width / scale[i]), &lines, 1);
            } else {
                wrapped = wrap(&t, iterators[breaker[i]], (long)(width / scale[i]), &lines, 0);
            }
            utext_close(&text);
            check += ideal + widest_cluster + wrapped + lines;
            if (rep == -1) {
                double line_height = hbfloor_line_height(floor, font[i]) * scale[i];
                ideal_w += ideal * scale[i], ideal_h += line_height, min_w += widest_cluster * scale[i];
                wrapped_w += wrapped * scale[i], wrapped_h += lines * line_height;
            }
        }
        long long elapsed = now_ns() - start;
        if (check == 0) die("corpus %s: every answer is zero", a.corpus);
        if (rep >= 0) ns[rep] = (double)elapsed / c.count;
    }
    char notes[640];
    if (exact) snprintf(notes, sizeof notes,
             "raw HarfBuzz %s and ICU %s's line and character break iterators (opened untimed), font per item by first "
             "strong script, picked untimed; timed per tag: one shape with cluster advances and unsafe-to-break flags, "
             "grapheme clusters, the width-0 minimum (each grapheme cluster a line, reshaped alone at an unsafe cut, "
             "through a cache emptied per rep), greedy wrapping at W=%g with lines reshaped at unsafe cuts and over-wide "
             "words cut between grapheme clusters; heights = lines x hhea line height; no fallback, bidi or placement",
             hbfloor_harfbuzz_version(), U_ICU_VERSION, width);
    else snprintf(notes, sizeof notes,
             "raw HarfBuzz %s and ICU %s's line break iterator (one per locale, opened untimed), font per item by first "
             "strong script, picked untimed; timed per tag: one shape with each cluster's advance, break opportunities, "
             "the widest cluster (no reshaping or grapheme segmentation), greedy wrapping at W=%g (over-wide words cut "
             "between clusters); heights = lines x hhea line height; no fallback, cache or placement",
             hbfloor_harfbuzz_version(), U_ICU_VERSION, width);
    sum_entry sums[] = {{"ideal_width", ideal_w}, {"ideal_height", ideal_h}, {"min_width", min_w},
                        {"wrapped_width", wrapped_w}, {"wrapped_height", wrapped_h}, {NULL, 0}};
    print_result("harfbuzz-floor", hbfloor_harfbuzz_version(), a.workload, c.count, c.characters, ns, a.reps,
                 sums, NULL, notes);
    for (int k = 0; k < iterator_count; k++) ubrk_close(iterators[k]);
    ubrk_close(characters);
    hbfloor_destroy(floor);
    return 0;
}

int main(int argc, char **argv) {
    bench_args a = parse_args(argc, argv, usage);
    int paragraphs = !strcmp(a.workload, "paragraphs-shape"), all = !strcmp(a.workload, "tags-all");
    int exact = !strcmp(a.workload, "tags-exact");
    if (!paragraphs && !all && !exact && strcmp(a.workload, "tags-ideal")) die("unknown workload '%s'\n%s", a.workload, usage);
    if (all || exact) return tags_all(a, exact);
    corpus c = read_corpus(a.corpus);
    if (!a.fonts) die("--fonts DIR is required");
    hbfloor *floor = hbfloor_create(a.fonts);
    if (!floor) die("cannot load the floor's fonts from %s", a.fonts);

    // Untimed: each item's font and the px per font unit of that font.
    int *font = malloc(c.count * sizeof *font);
    double *scale = malloc(c.count * sizeof *scale);
    double *ns = malloc(a.reps * sizeof *ns);
    if (!font || !scale || !ns) die("out of memory");
    for (int i = 0; i < c.count; i++) {
        font[i] = hbfloor_pick(floor, c.text[i], c.length[i]);
        scale[i] = a.size / hbfloor_upem(floor, font[i]);
    }

    double width_sum = 0;
    for (int rep = -1; rep < a.reps; rep++) {  // rep -1: the warm-up pass
        long long start = now_ns();
        long advance_check = 0;
        for (int i = 0; i < c.count; i++) {
            long advance = hbfloor_measure(floor, font[i], c.text[i], c.length[i]);
            advance_check += advance;
            if (rep == -1) width_sum += advance * scale[i];
        }
        long long elapsed = now_ns() - start;
        if (advance_check == 0) die("corpus %s: every advance is zero", a.corpus);
        if (rep >= 0) ns[rep] = (double)elapsed / c.count;
    }

    size_t room = 64 + 32 * (size_t)a.reps;
    char *extra = calloc(room, 1), notes[512];
    if (!extra) die("out of memory");
    if (paragraphs) {
        // Characters per second, one number per rep.
        int n = snprintf(extra, room, ", \"characters_per_s\": [");
        for (int r = 0; r < a.reps; r++)
            n += snprintf(extra + n, room - n, "%s%.0f", r ? ", " : "", c.characters * 1e9 / (ns[r] * c.count));
        snprintf(extra + n, room - n, "]");
    }
    snprintf(notes, sizeof notes,
             "raw HarfBuzz %s, hb-ot funcs, scale = upem; font per item by first strong script, picked untimed; "
             "timed: hbfloor_measure per %s (one shape, no line breaking); %d fonts loaded",
             hbfloor_harfbuzz_version(), paragraphs ? "whole paragraph" : "tag", hbfloor_font_count(floor));
    sum_entry sums[] = {{"ideal_width", width_sum}, {NULL, 0}};
    print_result("harfbuzz-floor", hbfloor_harfbuzz_version(), a.workload, c.count, c.characters, ns, a.reps,
                 sums, extra, notes);
    hbfloor_destroy(floor);
    return 0;
}
