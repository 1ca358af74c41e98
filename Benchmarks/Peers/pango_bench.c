// pango_bench: Pango (PangoFT2 font map, no cairo) as a peer harness.
//
// Setup (untimed): a generated fonts.conf that sees only --fonts (hinting off); a PangoFT2 font map
// at 72 dpi; a context with unrounded glyph positions and language "en"; font "Noto Sans" at an
// absolute --size px; Fontconfig fallback for what Noto Sans lacks. One PangoLayout is reused
// (fresh text per string, PANGO_WRAP_WORD), except in paragraphs-relayout (one layout per paragraph).
//
// Workloads (timed: the loop over all items, CLOCK_MONOTONIC, after one untimed warm-up pass):
//   tags-ideal           per tag: set_text, width -1, get_size → ideal width/height
//   tags-all             per tag: ideal (as above) + minimum (set_width(1 Pango unit), word wrap,
//                        width = logical width) + wrapped at --width W (default 100)
//   paragraphs-wrap      per paragraph: set_text, set_width(W, default 200), get_size, line count
//   paragraphs-relayout  every paragraph laid out at W untimed; each rep times set_width + get_size
//                        over all paragraphs at a new width: W2 (--width2, default 320), W, W2, …
// Widths/heights are Pango units ÷ PANGO_SCALE. unknown_glyphs counts glyphs no bundled font had.
// --fonts-used (extra flag) prints, on stderr, which font family Pango used per locale (runs).
#include "peers_common.h"

#include <hb.h>
#include <pango/pangoft2.h>

static const char usage[] =
    "usage: pango_bench tags-ideal|tags-all|paragraphs-wrap|paragraphs-relayout --corpus PATH --fonts DIR\n"
    "       [--size 17] [--width W] [--width2 W2] [--reps N] [--fonts-used]";

static PangoContext *context;
static PangoFontDescription *font;

static PangoLayout *new_layout(void) {
    PangoLayout *layout = pango_layout_new(context);
    pango_layout_set_font_description(layout, font);
    pango_layout_set_wrap(layout, PANGO_WRAP_WORD);
    return layout;
}

static double px(int pango_units) { return (double)pango_units / PANGO_SCALE; }

/// Adds, per "locale<TAB>family", the number of runs of `layout` that used that family.
static void count_fonts(GHashTable *table, const char *locale, PangoLayout *layout) {
    for (GSList *l = pango_layout_get_lines_readonly(layout); l; l = l->next) {
        for (GSList *r = ((PangoLayoutLine *)l->data)->runs; r; r = r->next) {
            PangoFont *run_font = ((PangoGlyphItem *)r->data)->item->analysis.font;
            PangoFontDescription *d = pango_font_describe(run_font);
            char *key = g_strdup_printf("%s\t%s", locale, pango_font_description_get_family(d));
            pango_font_description_free(d);
            g_hash_table_insert(table, key, GINT_TO_POINTER(GPOINTER_TO_INT(g_hash_table_lookup(table, key)) + 1));
        }
    }
}

static void print_fonts(GHashTable *table) {
    GList *keys = g_list_sort(g_hash_table_get_keys(table), (GCompareFunc)strcmp);
    for (GList *k = keys; k; k = k->next)
        fprintf(stderr, "fonts-used\t%s\t%d runs\n", (char *)k->data, GPOINTER_TO_INT(g_hash_table_lookup(table, k->data)));
    g_list_free(keys);
}

int main(int argc, char **argv) {
    // --fonts-used takes no value: strip it before the shared parser sees the arguments.
    int fonts_used = 0, n = 0;
    for (int i = 0; i < argc; i++) {
        if (!strcmp(argv[i], "--fonts-used")) fonts_used = 1;
        else argv[n++] = argv[i];
    }
    argc = n;
    bench_args a = parse_args(argc, argv, usage);
    enum { TAGS_IDEAL, TAGS_ALL, PARAGRAPHS_WRAP, PARAGRAPHS_RELAYOUT } workload;
    if (!strcmp(a.workload, "tags-ideal")) workload = TAGS_IDEAL;
    else if (!strcmp(a.workload, "tags-all")) workload = TAGS_ALL;
    else if (!strcmp(a.workload, "paragraphs-wrap")) workload = PARAGRAPHS_WRAP;
    else if (!strcmp(a.workload, "paragraphs-relayout")) workload = PARAGRAPHS_RELAYOUT;
    else die("unknown workload '%s'\n%s", a.workload, usage);
    int tags = workload == TAGS_IDEAL || workload == TAGS_ALL;
    if (a.width < 0) a.width = tags ? 100 : 200;
    corpus c = read_corpus(a.corpus);

    sandbox_fontconfig(a.fonts);
    PangoFontMap *map = pango_ft2_font_map_new();
    pango_ft2_font_map_set_resolution(PANGO_FT2_FONT_MAP(map), 72, 72);
    context = pango_font_map_create_context(map);
    pango_context_set_round_glyph_positions(context, FALSE);
    pango_context_set_language(context, pango_language_from_string("en"));
    font = pango_font_description_from_string("Noto Sans");
    pango_font_description_set_absolute_size(font, a.size * PANGO_SCALE);
    PangoFont *primary = pango_font_map_load_font(map, context, font);
    PangoFontDescription *loaded = primary ? pango_font_describe(primary) : NULL;
    if (!loaded || g_strcmp0(pango_font_description_get_family(loaded), "Noto Sans"))
        die("Pango found no \"Noto Sans\" in %s", a.fonts);
    pango_font_description_free(loaded);
    g_object_unref(primary);

    int W = (int)(a.width * PANGO_SCALE + 0.5), W2 = (int)(a.width2 * PANGO_SCALE + 0.5);
    double *ns = malloc(a.reps * sizeof *ns);
    PangoLayout *layout = new_layout(), **layouts = NULL;
    if (!ns) die("out of memory");
    GHashTable *fonts_table = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
    // Sums are taken in the warm-up pass (every rep computes the same values).
    double ideal_w = 0, ideal_h = 0, min_w = 0, wrapped_w = 0, wrapped_h = 0;
    double height_w = 0, height_w2 = 0, lines_w = 0, unknown = 0, items_unknown = 0;

    if (workload == PARAGRAPHS_RELAYOUT) {  // untimed: every paragraph laid out once at W
        layouts = malloc(c.count * sizeof *layouts);
        if (!layouts) die("out of memory");
        for (int i = 0; i < c.count; i++) {
            int w, h;
            layouts[i] = new_layout();
            pango_layout_set_text(layouts[i], c.text[i], c.length[i]);
            pango_layout_set_width(layouts[i], W);
            pango_layout_get_size(layouts[i], &w, &h);
            height_w += px(h);
            lines_w += pango_layout_get_line_count(layouts[i]);
            int u = pango_layout_get_unknown_glyphs_count(layouts[i]);
            unknown += u, items_unknown += u > 0;
            if (fonts_used) count_fonts(fonts_table, c.locale[i], layouts[i]);
        }
    }

    for (int rep = -1; rep < a.reps; rep++) {  // rep -1: the warm-up pass
        int warm = rep == -1, w, h;
        long long check = 0, start = now_ns();
        switch (workload) {
        case TAGS_IDEAL:
        case TAGS_ALL:
            for (int i = 0; i < c.count; i++) {
                pango_layout_set_text(layout, c.text[i], c.length[i]);
                pango_layout_set_width(layout, -1);
                pango_layout_get_size(layout, &w, &h);
                check += w;
                if (warm) {
                    ideal_w += px(w), ideal_h += px(h);
                    int u = pango_layout_get_unknown_glyphs_count(layout);
                    unknown += u, items_unknown += u > 0;
                    if (fonts_used) count_fonts(fonts_table, c.locale[i], layout);
                }
                if (workload == TAGS_IDEAL) continue;
                pango_layout_set_width(layout, 1);
                pango_layout_get_size(layout, &w, &h);
                check += w;
                if (warm) min_w += px(w);
                pango_layout_set_width(layout, W);
                pango_layout_get_size(layout, &w, &h);
                check += w;
                if (warm) wrapped_w += px(w), wrapped_h += px(h);
            }
            break;
        case PARAGRAPHS_WRAP:
            for (int i = 0; i < c.count; i++) {
                pango_layout_set_text(layout, c.text[i], c.length[i]);
                pango_layout_set_width(layout, W);
                pango_layout_get_size(layout, &w, &h);
                int lines = pango_layout_get_line_count(layout);
                check += h;
                if (warm) {
                    height_w += px(h), lines_w += lines;
                    int u = pango_layout_get_unknown_glyphs_count(layout);
                    unknown += u, items_unknown += u > 0;
                    if (fonts_used) count_fonts(fonts_table, c.locale[i], layout);
                }
            }
            break;
        case PARAGRAPHS_RELAYOUT: {
            // Alternate so every relayout is at a new width: warm-up → W2, rep 0 → W, rep 1 → W2, …
            int to_w2 = (rep + 1) % 2 == 0, width = to_w2 ? W2 : W;
            double height = 0;
            for (int i = 0; i < c.count; i++) {
                pango_layout_set_width(layouts[i], width);
                pango_layout_get_size(layouts[i], &w, &h);
                check += h;
                height += px(h);
            }
            if (to_w2) height_w2 = height;
            else if (height != height_w) die("paragraphs-relayout: height at W changed from %g to %g", height_w, height);
            break;
        }
        }
        long long elapsed = now_ns() - start;
        if (check == 0) die("corpus %s: every width/height is zero", a.corpus);
        if (!warm) ns[rep] = (double)elapsed / c.count;
    }

    if (fonts_used) print_fonts(fonts_table);
    char notes[600];
    static const char *timed[] = {
        "set_text + get_size (width -1) per tag",
        "per tag: set_text, width -1 + get_size, set_width(1) + get_size, set_width(W) + get_size",
        "per paragraph: set_text + set_width(W) + get_size + line count",
        "per paragraph: set_width(new width) + get_size on laid-out layouts (one per paragraph)",
    };
    snprintf(notes, sizeof notes,
             "PangoFT2 font map (72 dpi), HarfBuzz %s, Fontconfig sees only the bundled fonts, hinting off, "
             "unrounded glyph positions, \"Noto Sans\" %g px, language en, PANGO_WRAP_WORD; %s; W=%g W2=%g",
             hb_version_string(), a.size, workload == PARAGRAPHS_RELAYOUT ? "one layout per paragraph" : "one reused PangoLayout, fresh text per item",
             a.width, a.width2);
    snprintf(notes + strlen(notes), sizeof notes - strlen(notes), "; timed: %s", timed[workload]);
    sum_entry all[16];
    int k = 0;
    if (tags) {
        all[k++] = (sum_entry){"ideal_width", ideal_w};
        all[k++] = (sum_entry){"ideal_height", ideal_h};
        if (workload == TAGS_ALL) {
            all[k++] = (sum_entry){"min_width", min_w};
            all[k++] = (sum_entry){"wrapped_width", wrapped_w};
            all[k++] = (sum_entry){"wrapped_height", wrapped_h};
        }
    } else {
        all[k++] = (sum_entry){"height_at_W", height_w};
        if (workload == PARAGRAPHS_RELAYOUT) all[k++] = (sum_entry){"height_at_W2", height_w2};
        all[k++] = (sum_entry){"lines_at_W", lines_w};
    }
    all[k++] = (sum_entry){"unknown_glyphs", unknown};
    all[k++] = (sum_entry){"items_with_unknown_glyphs", items_unknown};
    all[k] = (sum_entry){NULL, 0};
    print_result("pango", pango_version_string(), a.workload, c.count, c.characters, ns, a.reps, all, NULL, notes);
    return 0;
}
