#pragma once
// TextFit's C text services behind stable names.
//
// ICU renames its C API per version (ubrk_open → ubrk_open_72) with macros Swift cannot follow, so
// everything Swift needs from ICU is re-exported here under `textfit_` names. The bidi algorithm
// (UAX #9) is FriBiDi's, fed with ICU's Unicode bidi classes and paired brackets: FriBiDi 1.0.8
// passes all of BidiCharacterTest.txt but carries Unicode 10 data; ICU 72 carries Unicode 15.
//
// Only the Typography module imports this; it wraps every pointer in a final class.
// All text crosses this boundary as UTF-8 (Swift's native encoding) or as UTF-32 scalars, and
// every offset that comes back is a Unicode scalar offset.

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

// MARK: - Break iteration (ICU ubrk)

/// An ICU break iterator (opaque). Not thread-safe: one thread at a time.
typedef struct textfit_break_iterator textfit_break_iterator;

/// The kinds of boundaries (values of ICU's UBreakIteratorType).
enum {
    TEXTFIT_BREAK_CHARACTER = 0,
    TEXTFIT_BREAK_WORD = 1,
    TEXTFIT_BREAK_LINE = 2,
    TEXTFIT_BREAK_SENTENCE = 3,
};

/// Flags written per boundary by `textfit_boundaries`.
enum {
    /// A line boundary whose rule status is UBRK_LINE_HARD (a mandatory break).
    TEXTFIT_BOUNDARY_HARD = 1,
    /// The scalar before the boundary is U+00AD SOFT HYPHEN.
    TEXTFIT_BOUNDARY_AFTER_SOFT_HYPHEN = 2,
};

/// Opens a break iterator of `kind` for `locale`: an ICU locale ID ("th", "ja_JP@lb=strict") or a
/// BCP 47 tag ("ja-JP-u-lb-strict", converted); NULL or "" is the root locale.
/// Returns NULL and sets `*error` (an ICU UErrorCode) on failure.
textfit_break_iterator *textfit_break_open(int32_t kind, const char *locale, int32_t *error);

/// A copy of `iterator` with its own state (ubrk_clone); NULL and `*error` on failure.
textfit_break_iterator *textfit_break_clone(const textfit_break_iterator *iterator, int32_t *error);

/// Closes an iterator from `textfit_break_open` or `textfit_break_clone`; NULL is ignored.
void textfit_break_close(textfit_break_iterator *iterator);

/// Sets `utf8` (`length` bytes, well-formed) on `iterator` and writes every boundary after the
/// start, in increasing order and ending with the scalar count, as scalar offsets into `offsets`,
/// with `flags` (TEXTFIT_BOUNDARY_*; may be NULL). `capacity` must be at least the number of
/// scalars. Returns the number written, or -1 with `*error` set. The iterator keeps no pointer
/// into `utf8` that is used after the call. O(n).
int32_t textfit_boundaries(textfit_break_iterator *iterator, const char *utf8, int32_t length,
                           int32_t *offsets, uint8_t *flags, int32_t capacity, int32_t *error);

/// ICU's name for an error code ("U_ILLEGAL_ARGUMENT_ERROR").
const char *textfit_error_name(int32_t error);

/// Writes the Unicode 15 Line_Break class of each of `count` scalars: ICU's ULineBreak values
/// (U_LB_*, 0 = XX … 42 = ZWJ), the property ICU's own line rules are written over. O(n).
void textfit_line_break_classes(const uint32_t *scalars, int32_t count, uint8_t *classes);

/// Unicode 15 character properties of one scalar, from ICU's tables (a trie lookup each).
/// Alphabetic (UCHAR_ALPHABETIC): 1 or 0.
int32_t textfit_is_alphabetic(uint32_t scalar);
/// White_Space (UCHAR_WHITE_SPACE): 1 or 0.
int32_t textfit_is_white_space(uint32_t scalar);
/// General_Category Mn or Mc (a nonspacing or spacing combining mark): 1 or 0.
int32_t textfit_is_combining_mark(uint32_t scalar);

// MARK: - Bidi (UAX #9)

/// Bidi classes; the values are those of ICU's UCharDirection.
enum {
    TEXTFIT_BIDI_L = 0, TEXTFIT_BIDI_R = 1, TEXTFIT_BIDI_EN = 2, TEXTFIT_BIDI_ES = 3,
    TEXTFIT_BIDI_ET = 4, TEXTFIT_BIDI_AN = 5, TEXTFIT_BIDI_CS = 6, TEXTFIT_BIDI_B = 7,
    TEXTFIT_BIDI_S = 8, TEXTFIT_BIDI_WS = 9, TEXTFIT_BIDI_ON = 10, TEXTFIT_BIDI_LRE = 11,
    TEXTFIT_BIDI_LRO = 12, TEXTFIT_BIDI_AL = 13, TEXTFIT_BIDI_RLE = 14, TEXTFIT_BIDI_RLO = 15,
    TEXTFIT_BIDI_PDF = 16, TEXTFIT_BIDI_NSM = 17, TEXTFIT_BIDI_BN = 18, TEXTFIT_BIDI_FSI = 19,
    TEXTFIT_BIDI_LRI = 20, TEXTFIT_BIDI_RLI = 21, TEXTFIT_BIDI_PDI = 22,
};

/// Writes the Unicode 15 bidi class (TEXTFIT_BIDI_*) of each of `count` scalars. O(n).
void textfit_bidi_classes(const uint32_t *scalars, int32_t count, uint8_t *classes);

/// Paragraph directions for `textfit_bidi_resolve`.
enum { TEXTFIT_BIDI_DIRECTION_LTR = 0, TEXTFIT_BIDI_DIRECTION_RTL = 1, TEXTFIT_BIDI_DIRECTION_AUTO = 2 };

/// Resolves the embedding levels of ONE paragraph (rules P2–I2 and parts 1–3 of L1; the caller
/// applies L1 part 4 per line) with FriBiDi. `classes` come from `textfit_bidi_classes`.
/// Returns the paragraph level (0 or 1), or -1 if memory ran out. O(n).
int32_t textfit_bidi_resolve(const uint32_t *scalars, const uint8_t *classes, int32_t count, int32_t direction,
                             uint8_t *levels);

// MARK: - Plural rules and number formatting (ICU uplrules, unum; CLDR's data)

/// Locale arguments below are ICU locale IDs ("ar_EG") or BCP 47 tags ("ar-EG", "sr-Latn",
/// converted), as for `textfit_break_open`; NULL or "" is the root locale. ICU falls back along the
/// locale's parents (ar_EG → ar → root) for whatever data a locale lacks.

/// A locale's cardinal plural rules (opaque; ICU UPluralRules). Const use from several threads is safe.
typedef struct textfit_plural_rules textfit_plural_rules;

/// Opens the cardinal plural rules ("1 file", "2 files") of `locale`; NULL and `*error` on failure.
textfit_plural_rules *textfit_plural_open(const char *locale, int32_t *error);

/// Closes rules from `textfit_plural_open`; NULL is ignored.
void textfit_plural_close(textfit_plural_rules *rules);

/// Writes the plural category ("zero", "one", "two", "few", "many" or "other"; ASCII, NUL-terminated)
/// that `number` selects (uplrules_select: an integral value has no visible fraction digits, v = 0)
/// into `keyword`, of `capacity` bytes (8 is enough). Returns its length, or -1 with `*error` set.
int32_t textfit_plural_select(const textfit_plural_rules *rules, double number, char *keyword, int32_t capacity,
                              int32_t *error);

/// Writes the locale's categories (uplrules_getKeywords), separated by single spaces and
/// NUL-terminated, into `buffer` of `capacity` bytes (40 is enough). Returns the length, or -1 with
/// `*error` set.
int32_t textfit_plural_categories(const textfit_plural_rules *rules, char *buffer, int32_t capacity, int32_t *error);

/// A decimal number formatter (opaque; ICU UNumberFormat of style UNUM_DECIMAL): the locale's
/// default numbering system (its digits), grouping and symbols. Not thread-safe: one thread at a
/// time (formatting sets its fraction digits).
typedef struct textfit_number_format textfit_number_format;

/// Opens a decimal formatter for `locale`; NULL and `*error` on failure.
textfit_number_format *textfit_number_open(const char *locale, int32_t *error);

/// Closes a formatter from `textfit_number_open`; NULL is ignored.
void textfit_number_close(textfit_number_format *format);

/// Formats `number` with grouping and exactly `fraction_digits` (0–15) digits after the decimal
/// separator (none and no separator for 0; halves round to even), as UTF-8 into `utf8` of `capacity`
/// bytes, NUL-terminated. Returns the length in bytes, or -1 with `*error` set.
int32_t textfit_number_format_double(textfit_number_format *format, double number, int32_t fraction_digits,
                                     char *utf8, int32_t capacity, int32_t *error);

/// Formats the integer `number` with grouping (no fraction), as `textfit_number_format_double`.
int32_t textfit_number_format_int64(textfit_number_format *format, int64_t number, char *utf8, int32_t capacity,
                                    int32_t *error);

/// Writes the name of `locale`'s default numbering system (unumsys_open: "latn", "arab", "arabext",
/// "deva"…; CLDR's defaultNumberingSystem) into `name` of `capacity` bytes, NUL-terminated. Returns
/// the length, or -1 with `*error` set.
int32_t textfit_numbering_system(const char *locale, char *name, int32_t capacity, int32_t *error);

// MARK: - Locales (uloc: the pieces TextFit's canonical locales are made of)

// ICU's locale functions below are string operations over data loaded once (likely subtags, ISO
// code lists): unlike opening a break iterator or a number format, they leave no per-locale state
// behind, so they may be given any string a request holds.

/// Reads the BCP 47 tag `tag` (uloc_forLanguageTag) into an ICU locale ID in `id` of `capacity`
/// bytes ("ja-JP-u-lb-strict" → "ja_JP@lb=strict", "de-X1234" → "de__X1234"), NUL-terminated.
/// `*parsed` is the number of bytes of `tag` ICU read: what follows does not fit BCP 47's syntax
/// there ("xx-Abcd-99" reads 7: "-99" is no subtag). Returns the ID's length, or -1 with `*error`.
int32_t textfit_locale_from_tag(const char *tag, char *id, int32_t capacity, int32_t *parsed, int32_t *error);

/// `id` canonicalised as an ICU locale ID (uloc_canonicalize: case, "-" as "_", POSIX charset
/// suffixes dropped), into `out` of `capacity` bytes. Returns the length, or -1 with `*error`.
int32_t textfit_locale_canonicalize(const char *id, char *out, int32_t capacity, int32_t *error);

/// The BCP 47 tag of the ICU locale ID `id` (uloc_toLanguageTag, strict: ICU's replacements of
/// deprecated codes applied, "iw" → "he", "en_US_POSIX" → "en-US-u-va-posix"), into `tag` of
/// `capacity` bytes. Returns the length, or -1 with `*error`.
int32_t textfit_locale_to_tag(const char *id, char *tag, int32_t capacity, int32_t *error);

/// `id` with its likely subtags added (uloc_addLikelySubtags, CLDR likelySubtags: "sr" →
/// "sr_Cyrl_RS", "zh_HK" → "zh_Hant_HK"), into `out` of `capacity` bytes. Returns the length, or
/// -1 with `*error`.
int32_t textfit_locale_maximize(const char *id, char *out, int32_t capacity, int32_t *error);

/// The English name of the language `language` (uloc_getDisplayLanguage in "en", CLDR's names:
/// "de" → "German", "tlh" → "Klingon") as UTF-8 into `out` of `capacity` bytes, NUL-terminated.
/// Returns the length, or -1 with `*error`; for a code CLDR has no name for, the code itself.
/// Given only codes ICU lists (TEXTFIT_LOCALES_*), never a request's string.
int32_t textfit_locale_language_name(const char *language, char *out, int32_t capacity, int32_t *error);

/// Lists for `textfit_locale_list`.
enum {
    /// ICU IDs of the locales ICU has data for (uloc_openAvailableByType with
    /// ULOC_AVAILABLE_WITH_LEGACY_ALIASES: "de", "de_CH", "zh_Hant_HK", and aliases such as "iw", "zh_HK").
    TEXTFIT_LOCALES_WITH_DATA = 0,
    /// The ISO 639 language codes ICU knows (uloc_getISOLanguages: 2- and 3-letter).
    TEXTFIT_LOCALES_ISO_LANGUAGES = 1,
    /// The numbering systems ICU knows by name (unumsys_openAvailableNames: "latn", "arab", "thai"…).
    TEXTFIT_LOCALES_NUMBERING_SYSTEMS = 2,
};

/// Writes the names of list `which` (TEXTFIT_LOCALES_*), each followed by "\n", into `buffer` of
/// `capacity` bytes, NUL-terminated. Returns the length the whole list needs (without the NUL):
/// when it is `capacity` or more, the list was cut and a larger buffer is needed; -1 with `*error`
/// on failure.
int32_t textfit_locale_list(int32_t which, char *buffer, int32_t capacity, int32_t *error);

#ifdef __cplusplus
}
#endif
