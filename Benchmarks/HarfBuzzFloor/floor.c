// The HarfBuzz floor (see include/floor.h): raw HarfBuzz, nothing else.
#include "floor.h"

#include <hb.h>
#include <hb-ot.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/// Which bundled file a script goes to. Scripts not listed (and text with no strong script) go to
/// the first entry's file, Noto Sans.
static const struct {
    hb_script_t script;
    const char *file;
} script_fonts[] = {
    {HB_SCRIPT_LATIN, "NotoSans-Regular.ttf"},
    {HB_SCRIPT_GREEK, "NotoSans-Regular.ttf"},
    {HB_SCRIPT_CYRILLIC, "NotoSans-Regular.ttf"},
    {HB_SCRIPT_ARABIC, "NotoSansArabic-Regular.ttf"},
    {HB_SCRIPT_HEBREW, "NotoSansHebrew-Regular.ttf"},
    {HB_SCRIPT_DEVANAGARI, "NotoSansDevanagari-Regular.ttf"},
    {HB_SCRIPT_BENGALI, "NotoSansBengali-Regular.ttf"},
    {HB_SCRIPT_TAMIL, "NotoSansTamil-Regular.ttf"},
    {HB_SCRIPT_TELUGU, "NotoSansTelugu-Regular.ttf"},
    {HB_SCRIPT_MALAYALAM, "NotoSansMalayalam-Regular.ttf"},
    {HB_SCRIPT_SINHALA, "NotoSansSinhala-Regular.ttf"},
    {HB_SCRIPT_THAI, "NotoSansThai-Regular.ttf"},
    {HB_SCRIPT_LAO, "NotoSansLao-Regular.ttf"},
    {HB_SCRIPT_KHMER, "NotoSansKhmer-Regular.ttf"},
    {HB_SCRIPT_MYANMAR, "NotoSansMyanmar-Regular.ttf"},
    {HB_SCRIPT_ETHIOPIC, "NotoSansEthiopic-Regular.ttf"},
    {HB_SCRIPT_GEORGIAN, "NotoSansGeorgian-Regular.ttf"},
    {HB_SCRIPT_ARMENIAN, "NotoSansArmenian-Regular.ttf"},
    {HB_SCRIPT_HAN, "DroidSansFallbackFull.ttf"},
    {HB_SCRIPT_HIRAGANA, "DroidSansFallbackFull.ttf"},
    {HB_SCRIPT_KATAKANA, "DroidSansFallbackFull.ttf"},
    {HB_SCRIPT_BOPOMOFO, "DroidSansFallbackFull.ttf"},
    {HB_SCRIPT_HANGUL, "NotoSansCJKkr-Hangul-Regular.otf"},
};
enum { SCRIPT_FONT_COUNT = sizeof script_fonts / sizeof script_fonts[0], MAX_FONTS = SCRIPT_FONT_COUNT };

struct hbfloor {
    int count;
    const char *files[MAX_FONTS];  // points into script_fonts
    hb_font_t *fonts[MAX_FONTS];
    int upems[MAX_FONTS];
    int font_of_script[SCRIPT_FONT_COUNT];  // script_fonts index -> font index
    hb_buffer_t *buffer;  // reused by hbfloor_measure
    hb_buffer_t *scratch; // used by hbfloor_pick only
};

hbfloor *hbfloor_create(const char *fonts_dir) {
    hbfloor *floor = calloc(1, sizeof *floor);
    if (!floor) return NULL;
    for (int s = 0; s < SCRIPT_FONT_COUNT; s++) {
        int found = -1;
        for (int f = 0; f < floor->count; f++) {
            if (strcmp(floor->files[f], script_fonts[s].file) == 0) { found = f; break; }
        }
        if (found < 0) {
            char path[4096];
            snprintf(path, sizeof path, "%s/%s", fonts_dir, script_fonts[s].file);
            hb_blob_t *blob = hb_blob_create_from_file_or_fail(path);
            if (!blob) {
                fprintf(stderr, "hbfloor: cannot read %s\n", path);
                hbfloor_destroy(floor);
                return NULL;
            }
            hb_face_t *face = hb_face_create(blob, 0);
            hb_blob_destroy(blob);
            unsigned upem = hb_face_get_upem(face);
            hb_font_t *font = hb_font_create(face);
            hb_face_destroy(face);
            hb_font_set_scale(font, (int)upem, (int)upem);
            hb_ot_font_set_funcs(font);  // already the default; explicit, as TextFit does
            hb_font_make_immutable(font);
            found = floor->count++;
            floor->files[found] = script_fonts[s].file;
            floor->fonts[found] = font;
            floor->upems[found] = (int)upem;
        }
        floor->font_of_script[s] = found;
    }
    floor->buffer = hb_buffer_create();
    floor->scratch = hb_buffer_create();
    if (!hb_buffer_allocation_successful(floor->buffer) || !hb_buffer_allocation_successful(floor->scratch)) {
        hbfloor_destroy(floor);
        return NULL;
    }
    return floor;
}

void hbfloor_destroy(hbfloor *floor) {
    if (!floor) return;
    for (int f = 0; f < floor->count; f++) hb_font_destroy(floor->fonts[f]);
    hb_buffer_destroy(floor->buffer);   // NULL-safe
    hb_buffer_destroy(floor->scratch);
    free(floor);
}

int hbfloor_pick(hbfloor *floor, const char *utf8, int length) {
    hb_buffer_clear_contents(floor->scratch);
    hb_buffer_add_utf8(floor->scratch, utf8, length, 0, length);
    unsigned count = 0;
    // Before shaping, each info's codepoint is the Unicode code point.
    const hb_glyph_info_t *infos = hb_buffer_get_glyph_infos(floor->scratch, &count);
    hb_unicode_funcs_t *unicode = hb_unicode_funcs_get_default();
    for (unsigned i = 0; i < count; i++) {
        hb_script_t script = hb_unicode_script(unicode, infos[i].codepoint);
        if (script == HB_SCRIPT_COMMON || script == HB_SCRIPT_INHERITED || script == HB_SCRIPT_UNKNOWN) continue;
        for (int s = 0; s < SCRIPT_FONT_COUNT; s++) {
            if (script_fonts[s].script == script) return floor->font_of_script[s];
        }
        break;  // a strong script the map lacks
    }
    return floor->font_of_script[0];
}

/// The floor's whole work on one string: clear the reused buffer, add the UTF-8, guess segment
/// properties, shape. Returns the glyph count; the buffer holds the glyphs.
static inline unsigned shape(hbfloor *floor, int font, const char *utf8, int length) {
    hb_buffer_t *buffer = floor->buffer;
    hb_buffer_clear_contents(buffer);
    hb_buffer_add_utf8(buffer, utf8, length, 0, length);
    hb_buffer_guess_segment_properties(buffer);
    hb_shape(floor->fonts[font], buffer, NULL, 0);
    return hb_buffer_get_length(buffer);
}

long hbfloor_measure(hbfloor *floor, int font, const char *utf8, int length) {
    unsigned count = shape(floor, font, utf8, length);
    const hb_glyph_position_t *positions = hb_buffer_get_glyph_positions(floor->buffer, NULL);
    long advance = 0;
    for (unsigned i = 0; i < count; i++) advance += positions[i].x_advance;
    return advance;
}

/// Both cluster measures; `unsafe_at` NULL for the plain one (inlined into each, so the plain one
/// does no more than it did alone).
static inline long measure_clusters(hbfloor *floor, int font, const char *utf8, int length, int *advance_at,
                                    unsigned char *unsafe_at) {
    unsigned count = shape(floor, font, utf8, length);
    const hb_glyph_info_t *infos = hb_buffer_get_glyph_infos(floor->buffer, NULL);
    const hb_glyph_position_t *positions = hb_buffer_get_glyph_positions(floor->buffer, NULL);
    long advance = 0;
    for (unsigned i = 0; i < count; i++) {
        advance += positions[i].x_advance;
        advance_at[infos[i].cluster] += positions[i].x_advance;
        // HarfBuzz flags every glyph of a cluster alike.
        if (unsafe_at)
            unsafe_at[infos[i].cluster] = (hb_glyph_info_get_glyph_flags(&infos[i]) & HB_GLYPH_FLAG_UNSAFE_TO_BREAK) != 0;
    }
    return advance;
}

long hbfloor_measure_clusters(hbfloor *floor, int font, const char *utf8, int length, int *advance_at) {
    return measure_clusters(floor, font, utf8, length, advance_at, NULL);
}

long hbfloor_measure_clusters_unsafe(hbfloor *floor, int font, const char *utf8, int length, int *advance_at,
                                     unsigned char *unsafe_at) {
    return measure_clusters(floor, font, utf8, length, advance_at, unsafe_at);
}

int hbfloor_line_height(const hbfloor *floor, int font) {
    hb_font_extents_t e;
    hb_font_get_h_extents(floor->fonts[font], &e);
    return (int)(e.ascender - e.descender + e.line_gap);
}

int hbfloor_upem(const hbfloor *floor, int font) { return floor->upems[font]; }

int hbfloor_font_count(const hbfloor *floor) { return floor->count; }

const char *hbfloor_font_file(const hbfloor *floor, int font) { return floor->files[font]; }

const char *hbfloor_harfbuzz_version(void) { return hb_version_string(); }
