// The HarfBuzz floor: the least work any engine built on HarfBuzz must do to measure a string's
// advance (add UTF-8 to a reused buffer, guess segment properties, shape, sum x advances), so
// TextFit's benchmark can be read against it. Benchmark-only; not part of the library.
//
// Usage: `hbfloor_create(fonts_dir)` once; `hbfloor_pick` per string outside any timing (the
// font for the string's first strong script); then `hbfloor_measure` per string, timed.
// This header deliberately includes no HarfBuzz header: the floor is an opaque handle.
#pragma once

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/// An opaque set of preloaded HarfBuzz fonts (scale = units per em, OpenType functions) and one
/// reusable buffer. Not thread-safe: use it from one thread.
typedef struct hbfloor hbfloor;

/// Loads one hb_font per font file the script map names, from `fonts_dir` (e.g. "fonts").
/// Returns NULL when a file is missing or unreadable (a message is written to stderr).
hbfloor *hbfloor_create(const char *fonts_dir);

/// Frees the fonts and the buffer.
void hbfloor_destroy(hbfloor *floor);

/// The font (an index, 0 ..< hbfloor_font_count) for a UTF-8 string: chosen by the script of its
/// first code point that is neither Common nor Inherited; Noto Sans when there is none or the
/// script is not mapped. Not meant to be timed.
int hbfloor_pick(hbfloor *floor, const char *utf8, int length);

/// Shapes `utf8` with font `font` and returns the sum of the glyphs' x advances, in font units.
/// The only work done: clear the buffer, add the UTF-8, guess segment properties, shape, sum.
long hbfloor_measure(hbfloor *floor, int font, const char *utf8, int length);

/// Shapes like `hbfloor_measure` and also adds each glyph's x advance to `advance_at[cluster]`
/// (clusters are byte offsets into `utf8`; the caller zeroes `advance_at`, `length` entries).
/// Returns the sum of the advances, in font units. For the floor of the three questions
/// (Benchmarks/Peers/floor_bench.c `tags-all`), which needs each cluster's advance.
long hbfloor_measure_clusters(hbfloor *floor, int font, const char *utf8, int length, int *advance_at);

/// Like `hbfloor_measure_clusters`, and sets `unsafe_at[cluster]` to 1 where HarfBuzz flags the cluster
/// UNSAFE_TO_BREAK (a line cut before it needs a reshape), 0 where it does not; bytes where no
/// cluster starts are left as the caller set them. For `tags-exact` (Benchmarks/Peers/floor_bench.c).
long hbfloor_measure_clusters_unsafe(hbfloor *floor, int font, const char *utf8, int length, int *advance_at,
                                     unsigned char *unsafe_at);

/// A line's height in font `font`: hhea ascender − descender + line gap, in font units.
int hbfloor_line_height(const hbfloor *floor, int font);

/// Units per em of font `font`.
int hbfloor_upem(const hbfloor *floor, int font);

/// The number of fonts loaded.
int hbfloor_font_count(const hbfloor *floor);

/// The file name (in the fonts folder) of font `font`.
const char *hbfloor_font_file(const hbfloor *floor, int font);

/// HarfBuzz's version string (the library linked at run time).
const char *hbfloor_harfbuzz_version(void);

#ifdef __cplusplus
}
#endif
