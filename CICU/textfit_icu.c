// TextFit's C text services: ICU break iterators and bidi classes, FriBiDi's UAX #9 algorithm,
// ICU plural rules and number formatting, and ICU's locale functions.
// See include/textfit_icu.h for the contract of each function.
#include "textfit_icu.h"

#include <stdlib.h>
#include <string.h>

#include <unicode/ubrk.h>
#include <unicode/unum.h>
#include <unicode/unumsys.h>
#include <unicode/upluralrules.h>
#include <unicode/uenum.h>
#include <unicode/uchar.h>
#include <unicode/uloc.h>
#include <unicode/ustring.h>
#include <unicode/utypes.h>

#include <fribidi/fribidi.h>

// MARK: - Break iteration

textfit_break_iterator *textfit_break_open(int32_t kind, const char *locale, int32_t *error) {
    UErrorCode status = U_ZERO_ERROR;
    char converted[ULOC_FULLNAME_CAPACITY];
    const char *id = locale ? locale : "";
    // A BCP 47 tag ("ja-JP-u-lb-strict") becomes an ICU ID ("ja_JP@lb=strict"); ICU IDs pass through.
    if (strchr(id, '-') && !strchr(id, '@') && !strchr(id, '_')) {
        int32_t parsed = 0;
        uloc_forLanguageTag(id, converted, (int32_t)sizeof converted, &parsed, &status);
        if (U_FAILURE(status) || status == U_STRING_NOT_TERMINATED_WARNING) {
            *error = U_FAILURE(status) ? status : U_ILLEGAL_ARGUMENT_ERROR;
            return NULL;
        }
        status = U_ZERO_ERROR;
        id = converted;
    }
    UBreakIterator *iterator = ubrk_open((UBreakIteratorType)kind, id, NULL, 0, &status);
    if (U_FAILURE(status)) {
        *error = status;
        if (iterator) ubrk_close(iterator);
        return NULL;
    }
    *error = U_ZERO_ERROR;
    return (textfit_break_iterator *)iterator;
}

textfit_break_iterator *textfit_break_clone(const textfit_break_iterator *iterator, int32_t *error) {
    UErrorCode status = U_ZERO_ERROR;
    UBreakIterator *copy = ubrk_clone((const UBreakIterator *)iterator, &status);
    if (U_FAILURE(status)) {
        *error = status;
        if (copy) ubrk_close(copy);
        return NULL;
    }
    *error = U_ZERO_ERROR;
    return (textfit_break_iterator *)copy;
}

void textfit_break_close(textfit_break_iterator *iterator) {
    if (iterator) ubrk_close((UBreakIterator *)iterator);
}

static const UChar empty_text[1] = {0};

int32_t textfit_boundaries(textfit_break_iterator *iterator, const char *utf8, int32_t length,
                           int32_t *offsets, uint8_t *flags, int32_t capacity, int32_t *error) {
    UBreakIterator *bi = (UBreakIterator *)iterator;
    UErrorCode status = U_ZERO_ERROR;
    *error = U_ZERO_ERROR;
    if (length <= 0) return 0;

    // UTF-16 for ICU: at most one unit per byte. Small texts convert on the stack.
    UChar stack[1024];
    UChar *text = stack;
    if (length > (int32_t)(sizeof stack / sizeof stack[0])) {
        text = malloc(sizeof(UChar) * (size_t)length);
        if (!text) { *error = U_MEMORY_ALLOCATION_ERROR; return -1; }
    }
    int32_t units = 0;
    u_strFromUTF8(text, length, &units, utf8, length, &status);
    if (U_SUCCESS(status)) ubrk_setText(bi, text, units, &status);
    if (U_FAILURE(status)) {
        if (text != stack) free(text);
        *error = status;
        return -1;
    }

    int32_t count = 0, unit = 0, scalar = 0;
    for (int32_t boundary = ubrk_next(bi); boundary != UBRK_DONE; boundary = ubrk_next(bi)) {
        // Scalars between the previous boundary and this one: every unit but a trailing surrogate.
        for (; unit < boundary; unit++) scalar += !U16_IS_TRAIL(text[unit]);
        if (count >= capacity) { *error = U_BUFFER_OVERFLOW_ERROR; count = -1; break; }
        offsets[count] = scalar;
        if (flags) {
            int32_t rule = ubrk_getRuleStatus(bi);
            // ICU gives a dictionary break (Thai, Lao, Khmer, Burmese) the status of the rule that
            // ended the whole run, so before a line feed every word break there read as hard (found
            // by fuzzing). A break is hard only after a mandatory-break character (UAX #14 BK, CR,
            // LF, NL), or at the end of the text when ICU says so.
            UChar before = text[boundary - 1];
            int after_hard_break = before == 0x0A || before == 0x0D || before == 0x0B || before == 0x0C ||
                                   before == 0x85 || before == 0x2028 || before == 0x2029;
            int hard = after_hard_break || (boundary == units && rule >= UBRK_LINE_HARD && rule < UBRK_LINE_HARD_LIMIT);
            flags[count] = (uint8_t)((hard ? TEXTFIT_BOUNDARY_HARD : 0) |
                                     (text[boundary - 1] == 0x00AD ? TEXTFIT_BOUNDARY_AFTER_SOFT_HYPHEN : 0));
        }
        count++;
    }

    // Leave no pointer to the buffer in the iterator.
    UErrorCode ignored = U_ZERO_ERROR;
    ubrk_setText(bi, empty_text, 0, &ignored);
    if (text != stack) free(text);
    return count;
}

const char *textfit_error_name(int32_t error) { return u_errorName((UErrorCode)error); }

void textfit_line_break_classes(const uint32_t *scalars, int32_t count, uint8_t *classes) {
    for (int32_t i = 0; i < count; i++) classes[i] = (uint8_t)u_getIntPropertyValue((UChar32)scalars[i], UCHAR_LINE_BREAK);
}

int32_t textfit_is_alphabetic(uint32_t scalar) { return u_hasBinaryProperty((UChar32)scalar, UCHAR_ALPHABETIC) ? 1 : 0; }

int32_t textfit_is_white_space(uint32_t scalar) { return u_hasBinaryProperty((UChar32)scalar, UCHAR_WHITE_SPACE) ? 1 : 0; }

int32_t textfit_is_combining_mark(uint32_t scalar) {
    int8_t category = u_charType((UChar32)scalar);
    return category == U_NON_SPACING_MARK || category == U_COMBINING_SPACING_MARK;
}

// MARK: - Bidi

void textfit_bidi_classes(const uint32_t *scalars, int32_t count, uint8_t *classes) {
    for (int32_t i = 0; i < count; i++) classes[i] = (uint8_t)u_charDirection((UChar32)scalars[i]);
}

// TEXTFIT_BIDI_* (UCharDirection order) → FriBidiCharType.
static const FriBidiCharType fribidi_types[23] = {
    FRIBIDI_TYPE_LTR, FRIBIDI_TYPE_RTL, FRIBIDI_TYPE_EN, FRIBIDI_TYPE_ES, FRIBIDI_TYPE_ET, FRIBIDI_TYPE_AN,
    FRIBIDI_TYPE_CS, FRIBIDI_TYPE_BS, FRIBIDI_TYPE_SS, FRIBIDI_TYPE_WS, FRIBIDI_TYPE_ON, FRIBIDI_TYPE_LRE,
    FRIBIDI_TYPE_LRO, FRIBIDI_TYPE_AL, FRIBIDI_TYPE_RLE, FRIBIDI_TYPE_RLO, FRIBIDI_TYPE_PDF, FRIBIDI_TYPE_NSM,
    FRIBIDI_TYPE_BN, FRIBIDI_TYPE_FSI, FRIBIDI_TYPE_LRI, FRIBIDI_TYPE_RLI, FRIBIDI_TYPE_PDI,
};

// Bracket pairs compare by canonical equivalence (BD16): U+2329/U+232A decompose to U+3008/U+3009.
static uint32_t canonical_bracket(uint32_t c) {
    switch (c) {
    case 0x2329: return 0x3008;
    case 0x232A: return 0x3009;
    default: return c;
    }
}

int32_t textfit_bidi_resolve(const uint32_t *scalars, const uint8_t *classes, int32_t count, int32_t direction,
                             uint8_t *levels) {
    FriBidiParType base = direction == TEXTFIT_BIDI_DIRECTION_LTR   ? FRIBIDI_PAR_LTR
                          : direction == TEXTFIT_BIDI_DIRECTION_RTL ? FRIBIDI_PAR_RTL
                                                                     : FRIBIDI_PAR_ON;
    if (count <= 0) return direction == TEXTFIT_BIDI_DIRECTION_RTL ? 1 : 0;
    FriBidiCharType *types = malloc(sizeof(FriBidiCharType) * (size_t)count);
    FriBidiBracketType *brackets = malloc(sizeof(FriBidiBracketType) * (size_t)count);
    FriBidiLevel *resolved = malloc(sizeof(FriBidiLevel) * (size_t)count);
    int32_t result = -1;
    if (types && brackets && resolved) {
        for (int32_t i = 0; i < count; i++) {
            types[i] = fribidi_types[classes[i] < 23 ? classes[i] : TEXTFIT_BIDI_ON];
            UChar32 c = (UChar32)scalars[i];
            switch (u_getIntPropertyValue(c, UCHAR_BIDI_PAIRED_BRACKET_TYPE)) {
            case U_BPT_OPEN:
                brackets[i] = FRIBIDI_BRACKET_OPEN_MASK | canonical_bracket((uint32_t)c);
                break;
            case U_BPT_CLOSE:
                brackets[i] = canonical_bracket((uint32_t)u_getBidiPairedBracket(c));
                break;
            default:
                brackets[i] = FRIBIDI_NO_BRACKET;
            }
        }
        if (fribidi_get_par_embedding_levels_ex(types, brackets, count, &base, resolved) != 0) {
            for (int32_t i = 0; i < count; i++) levels[i] = (uint8_t)resolved[i];
            result = FRIBIDI_DIR_TO_LEVEL(base);
        }
    }
    free(types);
    free(brackets);
    free(resolved);
    return result;
}

// MARK: - Plural rules and number formatting

// `locale` as an ICU locale ID in `buffer` (a BCP 47 tag converted, as `textfit_break_open` does);
// NULL with `*error` set when the tag cannot be converted.
static const char *locale_id(const char *locale, char *buffer, int32_t capacity, int32_t *error) {
    const char *id = locale ? locale : "";
    if (!(strchr(id, '-') && !strchr(id, '@') && !strchr(id, '_'))) return id;
    UErrorCode status = U_ZERO_ERROR;
    int32_t parsed = 0;
    uloc_forLanguageTag(id, buffer, capacity, &parsed, &status);
    if (U_FAILURE(status) || status == U_STRING_NOT_TERMINATED_WARNING) {
        *error = U_FAILURE(status) ? status : U_ILLEGAL_ARGUMENT_ERROR;
        return NULL;
    }
    return buffer;
}

// UTF-16 `units` (`length` units) as NUL-terminated UTF-8 in `utf8`; the byte length, or -1 with `*error`.
static int32_t to_utf8(const UChar *units, int32_t length, char *utf8, int32_t capacity, int32_t *error) {
    UErrorCode status = U_ZERO_ERROR;
    int32_t bytes = 0;
    u_strToUTF8(utf8, capacity, &bytes, units, length, &status);
    if (U_FAILURE(status) || bytes >= capacity) {
        *error = U_FAILURE(status) ? status : U_BUFFER_OVERFLOW_ERROR;
        return -1;
    }
    *error = U_ZERO_ERROR;
    return bytes;
}

// `id`, or "root" when ICU has number data for no locale of its language. ICU would otherwise fall back
// to the process's default locale (from LANG: "C" gives en_US_POSIX, which does not group), so that
// the same run would write numbers differently on another machine.
static const char *number_locale(const char *id) {
    char language[ULOC_LANG_CAPACITY], available[ULOC_LANG_CAPACITY];
    UErrorCode status = U_ZERO_ERROR;
    uloc_getLanguage(id, language, (int32_t)sizeof language, &status);
    if (U_FAILURE(status) || language[0] == 0) return "root";
    for (int32_t i = 0, count = unum_countAvailable(); i < count; i++) {
        status = U_ZERO_ERROR;
        uloc_getLanguage(unum_getAvailable(i), available, (int32_t)sizeof available, &status);
        if (U_SUCCESS(status) && strcmp(language, available) == 0) return id;
    }
    return "root";
}

textfit_plural_rules *textfit_plural_open(const char *locale, int32_t *error) {
    char converted[ULOC_FULLNAME_CAPACITY];
    const char *id = locale_id(locale, converted, (int32_t)sizeof converted, error);
    if (!id) return NULL;
    UErrorCode status = U_ZERO_ERROR;
    UPluralRules *rules = uplrules_openForType(id, UPLURAL_TYPE_CARDINAL, &status);
    if (U_FAILURE(status)) {
        *error = status;
        if (rules) uplrules_close(rules);
        return NULL;
    }
    *error = U_ZERO_ERROR;
    return (textfit_plural_rules *)rules;
}

void textfit_plural_close(textfit_plural_rules *rules) {
    if (rules) uplrules_close((UPluralRules *)rules);
}

int32_t textfit_plural_select(const textfit_plural_rules *rules, double number, char *keyword, int32_t capacity,
                              int32_t *error) {
    UChar units[32];
    UErrorCode status = U_ZERO_ERROR;
    int32_t length = uplrules_select((const UPluralRules *)rules, number, units, 32, &status);
    if (U_FAILURE(status)) { *error = status; return -1; }
    return to_utf8(units, length, keyword, capacity, error);
}

int32_t textfit_plural_categories(const textfit_plural_rules *rules, char *buffer, int32_t capacity, int32_t *error) {
    UErrorCode status = U_ZERO_ERROR;
    UEnumeration *keywords = uplrules_getKeywords((const UPluralRules *)rules, &status);
    if (U_FAILURE(status)) {
        *error = status;
        if (keywords) uenum_close(keywords);
        return -1;
    }
    int32_t used = 0;
    *error = U_ZERO_ERROR;
    if (capacity > 0) buffer[0] = 0;
    for (;;) {
        int32_t length = 0;
        const char *keyword = uenum_next(keywords, &length, &status);
        if (U_FAILURE(status)) { *error = status; used = -1; break; }
        if (!keyword) break;
        int32_t needed = (used ? 1 : 0) + length;
        if (used + needed >= capacity) { *error = U_BUFFER_OVERFLOW_ERROR; used = -1; break; }
        if (used) buffer[used++] = ' ';
        memcpy(buffer + used, keyword, (size_t)length);
        used += length;
        buffer[used] = 0;
    }
    uenum_close(keywords);
    return used;
}

textfit_number_format *textfit_number_open(const char *locale, int32_t *error) {
    char converted[ULOC_FULLNAME_CAPACITY];
    const char *id = locale_id(locale, converted, (int32_t)sizeof converted, error);
    if (!id) return NULL;
    UErrorCode status = U_ZERO_ERROR;
    UNumberFormat *format = unum_open(UNUM_DECIMAL, NULL, 0, number_locale(id), NULL, &status);
    if (U_FAILURE(status)) {
        *error = status;
        if (format) unum_close(format);
        return NULL;
    }
    unum_setAttribute(format, UNUM_GROUPING_USED, 1);
    // The locale's minimumGroupingDigits (2 in pl and es: 1234 but 12 345); DecimalFormat's own
    // default is 1 whatever the locale.
    unum_setAttribute(format, UNUM_MINIMUM_GROUPING_DIGITS, UNUM_MINIMUM_GROUPING_DIGITS_AUTO);
    *error = U_ZERO_ERROR;
    return (textfit_number_format *)format;
}

void textfit_number_close(textfit_number_format *format) {
    if (format) unum_close((UNumberFormat *)format);
}

int32_t textfit_number_format_double(textfit_number_format *format, double number, int32_t fraction_digits,
                                     char *utf8, int32_t capacity, int32_t *error) {
    UNumberFormat *nf = (UNumberFormat *)format;
    if (fraction_digits < 0 || fraction_digits > 15) { *error = U_ILLEGAL_ARGUMENT_ERROR; return -1; }
    unum_setAttribute(nf, UNUM_MIN_FRACTION_DIGITS, fraction_digits);
    unum_setAttribute(nf, UNUM_MAX_FRACTION_DIGITS, fraction_digits);
    UChar units[128];
    UErrorCode status = U_ZERO_ERROR;
    int32_t length = unum_formatDouble(nf, number, units, 128, NULL, &status);
    if (U_FAILURE(status) || status == U_STRING_NOT_TERMINATED_WARNING) {
        *error = U_FAILURE(status) ? status : U_BUFFER_OVERFLOW_ERROR;
        return -1;
    }
    return to_utf8(units, length, utf8, capacity, error);
}

int32_t textfit_number_format_int64(textfit_number_format *format, int64_t number, char *utf8, int32_t capacity,
                                    int32_t *error) {
    UNumberFormat *nf = (UNumberFormat *)format;
    unum_setAttribute(nf, UNUM_MIN_FRACTION_DIGITS, 0);
    unum_setAttribute(nf, UNUM_MAX_FRACTION_DIGITS, 0);
    UChar units[128];
    UErrorCode status = U_ZERO_ERROR;
    int32_t length = unum_formatInt64(nf, number, units, 128, NULL, &status);
    if (U_FAILURE(status) || status == U_STRING_NOT_TERMINATED_WARNING) {
        *error = U_FAILURE(status) ? status : U_BUFFER_OVERFLOW_ERROR;
        return -1;
    }
    return to_utf8(units, length, utf8, capacity, error);
}

int32_t textfit_numbering_system(const char *locale, char *name, int32_t capacity, int32_t *error) {
    char converted[ULOC_FULLNAME_CAPACITY];
    const char *id = locale_id(locale, converted, (int32_t)sizeof converted, error);
    if (!id) return -1;
    UErrorCode status = U_ZERO_ERROR;
    UNumberingSystem *system = unumsys_open(number_locale(id), &status);
    if (U_FAILURE(status)) {
        *error = status;
        if (system) unumsys_close(system);
        return -1;
    }
    const char *found = unumsys_getName(system);
    int32_t length = found ? (int32_t)strlen(found) : 0;
    if (length >= capacity) {
        unumsys_close(system);
        *error = U_BUFFER_OVERFLOW_ERROR;
        return -1;
    }
    memcpy(name, found ? found : "", (size_t)length);
    name[length] = 0;
    unumsys_close(system);
    *error = U_ZERO_ERROR;
    return length;
}

// MARK: - Locales

// The length of a string ICU wrote into a buffer of `capacity` bytes, or -1 with `*error` when it
// failed or did not fit with its NUL.
static int32_t written(int32_t length, int32_t capacity, UErrorCode status, int32_t *error) {
    if (U_FAILURE(status) || status == U_STRING_NOT_TERMINATED_WARNING || length >= capacity) {
        *error = U_FAILURE(status) ? status : U_BUFFER_OVERFLOW_ERROR;
        return -1;
    }
    *error = U_ZERO_ERROR;
    return length;
}

int32_t textfit_locale_from_tag(const char *tag, char *id, int32_t capacity, int32_t *parsed, int32_t *error) {
    UErrorCode status = U_ZERO_ERROR;
    *parsed = 0;
    int32_t length = uloc_forLanguageTag(tag, id, capacity, parsed, &status);
    return written(length, capacity, status, error);
}

int32_t textfit_locale_canonicalize(const char *id, char *out, int32_t capacity, int32_t *error) {
    UErrorCode status = U_ZERO_ERROR;
    int32_t length = uloc_canonicalize(id, out, capacity, &status);
    return written(length, capacity, status, error);
}

int32_t textfit_locale_to_tag(const char *id, char *tag, int32_t capacity, int32_t *error) {
    UErrorCode status = U_ZERO_ERROR;
    int32_t length = uloc_toLanguageTag(id, tag, capacity, 1, &status);
    return written(length, capacity, status, error);
}

int32_t textfit_locale_maximize(const char *id, char *out, int32_t capacity, int32_t *error) {
    UErrorCode status = U_ZERO_ERROR;
    int32_t length = uloc_addLikelySubtags(id, out, capacity, &status);
    return written(length, capacity, status, error);
}

int32_t textfit_locale_language_name(const char *language, char *out, int32_t capacity, int32_t *error) {
    UErrorCode status = U_ZERO_ERROR;
    UChar name[256];
    int32_t length = uloc_getDisplayLanguage(language, "en", name, 256, &status);
    if (U_FAILURE(status) || length >= 256) {
        *error = U_FAILURE(status) ? status : U_BUFFER_OVERFLOW_ERROR;
        return -1;
    }
    int32_t written8 = 0;
    u_strToUTF8(out, capacity, &written8, name, length, &status);
    return written(written8, capacity, status, error);
}

// Appends `name` and a newline to `buffer` (as far as `capacity` allows, always NUL-terminated);
// `*used` counts every byte the whole list needs.
static void append_line(const char *name, int32_t length, char *buffer, int32_t capacity, int32_t *used) {
    for (int32_t i = 0; i <= length; i++) {
        char c = i < length ? name[i] : '\n';
        if (*used + 1 < capacity) buffer[*used] = c;
        (*used)++;
    }
    if (capacity > 0) buffer[*used < capacity ? *used : capacity - 1] = 0;
}

int32_t textfit_locale_list(int32_t which, char *buffer, int32_t capacity, int32_t *error) {
    int32_t used = 0;
    if (capacity > 0) buffer[0] = 0;
    *error = U_ZERO_ERROR;
    if (which == TEXTFIT_LOCALES_ISO_LANGUAGES) {
        for (const char *const *code = uloc_getISOLanguages(); *code; code++) {
            append_line(*code, (int32_t)strlen(*code), buffer, capacity, &used);
        }
        return used;
    }
    UErrorCode status = U_ZERO_ERROR;
    UEnumeration *names = which == TEXTFIT_LOCALES_WITH_DATA
                              ? uloc_openAvailableByType(ULOC_AVAILABLE_WITH_LEGACY_ALIASES, &status)
                              : which == TEXTFIT_LOCALES_NUMBERING_SYSTEMS ? unumsys_openAvailableNames(&status) : NULL;
    if (!names || U_FAILURE(status)) {
        *error = U_FAILURE(status) ? status : U_ILLEGAL_ARGUMENT_ERROR;
        if (names) uenum_close(names);
        return -1;
    }
    for (;;) {
        int32_t length = 0;
        const char *name = uenum_next(names, &length, &status);
        if (U_FAILURE(status)) { *error = status; used = -1; break; }
        if (!name) break;
        append_line(name, length, buffer, capacity, &used);
    }
    uenum_close(names);
    return used;
}
