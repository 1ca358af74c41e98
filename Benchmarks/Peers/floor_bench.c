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
// Timed: the loop over all items (CLOCK_MONOTONIC), after one untimed warm-up pass.
#include "peers_common.h"
#include "floor.h"

#include <unicode/ubrk.h>
#include <unicode/utext.h>
#include <unicode/uversion.h>

/// The widest line of `text` (font units) wrapped greedily at `limit` font units at the opportunities
/// `breaks` finds, and the line count. `pre[i]`: the advance of bytes 0 ..< i; `adv[i]`: the advance
/// of the cluster starting at byte i (0 elsewhere).
static long wrap(UBreakIterator *breaks, const char *text, const long *pre, const int *adv, long limit, int *lines_out) {
    long widest = 0;
    int lines = 0, start = 0, candidate = -1;
    long candidate_width = 0;
    int b = ubrk_next(breaks);
    while (b != UBRK_DONE) {
        int end = b;
        while (end > start && text[end - 1] == ' ') end--;
        long w = pre[end] - pre[start];
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
            while (cut < b && adv[cut] == 0) cut++;
            for (int k = cut; k < b; k++) {
                if (adv[k] == 0) continue;
                if (pre[k] - pre[start] > limit) break;
                cut = k;
            }
            long cw = pre[cut] - pre[start];
            lines++;
            if (cw > widest) widest = cw;
            start = cut, candidate = -1;
        }
    }
    if (start < (int)strlen(text) || lines == 0) {
        int end = (int)strlen(text);
        while (end > start && text[end - 1] == ' ') end--;
        long w = pre[end] - pre[start];
        if (w > widest) widest = w;
        lines++;
    }
    *lines_out = lines;
    return widest;
}

static const char usage[] =
    "usage: floor_bench tags-ideal|tags-all|paragraphs-shape --corpus PATH --fonts DIR [--size 17] [--reps N]";

/// The `tags-all` workload (see the top of the file).
static int tags_all(bench_args a) {
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
    if (!adv || !pre) die("out of memory");

    double ideal_w = 0, ideal_h = 0, min_w = 0, wrapped_w = 0, wrapped_h = 0;
    for (int rep = -1; rep < a.reps; rep++) {  // rep -1: the warm-up pass
        long long start = now_ns();
        long check = 0;
        for (int i = 0; i < c.count; i++) {
            int n = c.length[i];
            memset(adv, 0, n * sizeof *adv);
            long ideal = hbfloor_measure_clusters(floor, font[i], c.text[i], n, adv);
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
            if (U_FAILURE(status)) die("ICU: cannot set the text of item %d: %s", i, u_errorName(status));
            int lines = 0;
            long wrapped = wrap(iterators[breaker[i]], c.text[i], pre, adv, (long)(width / scale[i]), &lines);
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
    snprintf(notes, sizeof notes,
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
    hbfloor_destroy(floor);
    return 0;
}

int main(int argc, char **argv) {
    bench_args a = parse_args(argc, argv, usage);
    int paragraphs = !strcmp(a.workload, "paragraphs-shape"), all = !strcmp(a.workload, "tags-all");
    if (!paragraphs && !all && strcmp(a.workload, "tags-ideal")) die("unknown workload '%s'\n%s", a.workload, usage);
    if (all) return tags_all(a);
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
