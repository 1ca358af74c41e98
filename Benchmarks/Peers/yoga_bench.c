// yoga_bench: Yoga (the C API of the libyogacore.a and headers that the PyPI wheel `pyyoga` ships;
// setup.sh links against them) as a peer harness. Workload `flow` only:
//   a container (flex-direction row, flex-wrap wrap, column-gap 6, row-gap 6, width W) with 10,000
//   fixed-size leaves (leaf i: width 20 + (i*37) % 80, height 20; no measure functions).
//   (a) first layout: per rep a new tree is built (untimed), then YGNodeCalculateLayout at --width
//       (default 375) is timed. Point scale factor 0: no pixel-grid rounding.
//   (b) relayout at a new width, on the last tree: the container's width style is set untimed (Yoga
//       marks it dirty), then YGNodeCalculateLayout is timed; widths alternate --width2 (default 320),
//       --width, --width2, … (the untimed warm-up takes the first one).
// Both container heights are checked against greedy row filling computed here by hand.
// As TextFitBench's `--peer flow`: items = 1 (one layout of the tree), ns_per_item = relayout times;
// the first-layout times go to the extra key first_layout_ns.
// --corpus/--fonts/--size are accepted and ignored.
#include "peers_common.h"

#include <yoga/Yoga.h>

// Set by setup.sh: Yoga has no version API; pyyoga builds Yoga from a pinned tag.
#ifndef YOGA_VERSION
#define YOGA_VERSION "unknown"
#endif
#ifndef PYYOGA_VERSION
#define PYYOGA_VERSION "unknown"
#endif

enum { LEAVES = 10000 };
static const char usage[] = "usage: yoga_bench flow [--width 375] [--width2 320] [--reps N]";

static float leaf_width(int i) { return 20 + (i * 37) % 80; }

/// Greedy rows: a leaf joins the current row when row width + 6 + leaf width ≤ width.
static double expected_height(double width) {
    int rows = 1;
    double row = leaf_width(0);
    for (int i = 1; i < LEAVES; i++) {
        if (row + 6 + leaf_width(i) <= width) row += 6 + leaf_width(i);
        else rows++, row = leaf_width(i);
    }
    return rows * 20.0 + (rows - 1) * 6.0;
}

static YGNodeRef build(YGConfigRef config, float width) {
    YGNodeRef root = YGNodeNewWithConfig(config);
    YGNodeStyleSetFlexDirection(root, YGFlexDirectionRow);
    YGNodeStyleSetFlexWrap(root, YGWrapWrap);
    YGNodeStyleSetGap(root, YGGutterColumn, 6);
    YGNodeStyleSetGap(root, YGGutterRow, 6);
    YGNodeStyleSetWidth(root, width);
    for (int i = 0; i < LEAVES; i++) {
        YGNodeRef leaf = YGNodeNewWithConfig(config);
        YGNodeStyleSetWidth(leaf, leaf_width(i));
        YGNodeStyleSetHeight(leaf, 20);
        YGNodeInsertChild(root, leaf, (size_t)i);
    }
    return root;
}

static double checked_height(YGNodeRef root, double width) {
    double got = YGNodeLayoutGetHeight(root), want = expected_height(width);
    if (got != want) die("yoga flow: container height at width %g is %g, expected %g", width, got, want);
    return got;
}

int main(int argc, char **argv) {
    bench_args a = parse_args(argc, argv, usage);
    if (strcmp(a.workload, "flow")) die("unknown workload '%s'\n%s", a.workload, usage);
    if (a.width < 0) a.width = 375;
    YGConfigRef config = YGConfigNew();
    YGConfigSetPointScaleFactor(config, 0);
    double *first = malloc(a.reps * sizeof *first), *relayout = malloc(a.reps * sizeof *relayout);
    if (!first || !relayout) die("out of memory");

    YGNodeRef root = NULL;
    double height_w = 0, height_w2 = 0;
    for (int rep = -1; rep < a.reps; rep++) {  // rep -1: the warm-up pass
        if (root) YGNodeFreeRecursive(root);
        root = build(config, (float)a.width);
        long long start = now_ns();
        YGNodeCalculateLayout(root, YGUndefined, YGUndefined, YGDirectionLTR);
        long long elapsed = now_ns() - start;
        height_w = checked_height(root, a.width);
        if (rep >= 0) first[rep] = (double)elapsed;
    }
    for (int rep = -1; rep < a.reps; rep++) {
        double width = (rep + 1) % 2 == 0 ? a.width2 : a.width;
        YGNodeStyleSetWidth(root, (float)width);
        if (!YGNodeIsDirty(root)) die("yoga flow: setting the width did not mark the container dirty");
        long long start = now_ns();
        YGNodeCalculateLayout(root, YGUndefined, YGUndefined, YGDirectionLTR);
        long long elapsed = now_ns() - start;
        if (width == a.width2) height_w2 = checked_height(root, width);
        else checked_height(root, width);
        if (rep >= 0) relayout[rep] = (double)elapsed;
    }

    size_t room = 64 + 32 * (size_t)a.reps;
    char *extra = malloc(room), key_w[64], key_w2[64], notes[512];
    if (!extra) die("out of memory");
    int n = snprintf(extra, room, ", \"first_layout_ns\": [");
    for (int r = 0; r < a.reps; r++)
        n += snprintf(extra + n, room - n, "%s%.0f", r ? ", " : "", first[r]);
    snprintf(extra + n, room - n, "]");
    snprintf(key_w, sizeof key_w, "flow_height_at_%g", a.width);
    snprintf(key_w2, sizeof key_w2, "flow_height_at_%g", a.width2);
    sum_entry sums[] = {{key_w, height_w}, {key_w2, height_w2}, {NULL, 0}};
    snprintf(notes, sizeof notes,
             "Yoga %s C API (libyogacore.a + headers from the pyyoga %s wheel), point scale factor 0; %d leaves; "
             "ns_per_item: relayout = YGNodeCalculateLayout after YGNodeStyleSetWidth (untimed), widths alternating %g/%g; "
             "first_layout_ns: YGNodeCalculateLayout of a freshly built tree at W=%g (building untimed); "
             "heights checked against greedy rows",
             YOGA_VERSION, PYYOGA_VERSION, LEAVES, a.width2, a.width, a.width);
    print_result("yoga", YOGA_VERSION, "flow", 1, 0, relayout, a.reps, sums, extra, notes);
    YGNodeFreeRecursive(root);
    YGConfigFree(config);
    return 0;
}
