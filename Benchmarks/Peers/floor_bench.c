// floor_bench: the raw HarfBuzz floor (../HarfBuzzFloor/floor.c) as a peer harness.
//
// Workloads (the command line and the JSON line are described in README.md):
//   tags-ideal        per tag: hbfloor_measure (clear buffer, add UTF-8, guess properties, shape,
//                     sum advances) with the font hbfloor_pick chose beforehand, untimed.
//                     Width in px = advance × size ÷ upem.
//   paragraphs-shape  the same, one shape of each whole paragraph (no line breaking).
// Timed: the loop over all items (CLOCK_MONOTONIC), after one untimed warm-up pass.
#include "peers_common.h"
#include "floor.h"

static const char usage[] =
    "usage: floor_bench tags-ideal|paragraphs-shape --corpus PATH --fonts DIR [--size 17] [--reps N]";

int main(int argc, char **argv) {
    bench_args a = parse_args(argc, argv, usage);
    int paragraphs = !strcmp(a.workload, "paragraphs-shape");
    if (!paragraphs && strcmp(a.workload, "tags-ideal")) die("unknown workload '%s'\n%s", a.workload, usage);
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
