// Shared by the C peer harnesses (floor_bench.c, pango_bench.c, yoga_bench.c): the command line,
// the corpus reader, the clock, the Fontconfig sandbox and the one-line JSON result.
// Header-only (static functions) so each harness stays a single gcc command.
//
// Command line: HARNESS WORKLOAD --corpus PATH --fonts DIR --size 17 --width W [--width2 W2] --reps N
#pragma once

#define _GNU_SOURCE
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/stat.h>

typedef struct {
    const char *workload, *corpus, *fonts;
    double size, width, width2;  // width < 0: the workload's default
    int reps;
} bench_args;

static inline void die(const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    exit(1);
}

static inline double parse_number(const char *flag, const char *text) {
    char *end = NULL;
    double value = strtod(text, &end);
    if (!text[0] || *end) die("bad value for %s: '%s'", flag, text);
    return value;
}

static inline bench_args parse_args(int argc, char **argv, const char *usage) {
    bench_args a = {NULL, NULL, NULL, 17, -1, 320, 5};
    for (int i = 1; i < argc; i++) {
        const char *arg = argv[i], *value = i + 1 < argc ? argv[i + 1] : NULL;
        if (arg[0] != '-') {
            if (a.workload) die("unexpected argument '%s'\n%s", arg, usage);
            a.workload = arg;
            continue;
        }
        if (!value) die("%s needs a value\n%s", arg, usage);
        i++;
        if (!strcmp(arg, "--corpus")) a.corpus = value;
        else if (!strcmp(arg, "--fonts")) a.fonts = value;
        else if (!strcmp(arg, "--size")) a.size = parse_number(arg, value);
        else if (!strcmp(arg, "--width")) a.width = parse_number(arg, value);
        else if (!strcmp(arg, "--width2")) a.width2 = parse_number(arg, value);
        else if (!strcmp(arg, "--reps")) a.reps = (int)parse_number(arg, value);
        else die("unknown option '%s'\n%s", arg, usage);
    }
    if (!a.workload) die("no workload given\n%s", usage);
    if (a.reps < 1) die("--reps must be at least 1");
    return a;
}

/// The corpus: `locale<TAB>text` lines; `#` lines and empty lines are skipped.
typedef struct {
    int count;
    char **locale, **text;
    int *length;      // bytes
    long characters;  // Unicode code points over all texts
} corpus;

static inline corpus read_corpus(const char *path) {
    if (!path) die("--corpus PATH is required");
    FILE *f = fopen(path, "rb");
    if (!f) die("cannot open corpus %s: %s", path, strerror(errno));
    corpus c = {0};
    int capacity = 0, line_number = 0;
    char *line = NULL;
    size_t line_capacity = 0;
    ssize_t n;
    while ((n = getline(&line, &line_capacity, f)) >= 0) {
        line_number++;
        while (n > 0 && (line[n - 1] == '\n' || line[n - 1] == '\r')) line[--n] = 0;
        if (n == 0 || line[0] == '#') continue;
        char *tab = strchr(line, '\t');
        if (!tab) die("corpus %s line %d: no tab between locale and text", path, line_number);
        *tab = 0;
        if (c.count == capacity) {
            capacity = capacity ? capacity * 2 : 256;
            c.locale = realloc(c.locale, capacity * sizeof *c.locale);
            c.text = realloc(c.text, capacity * sizeof *c.text);
            c.length = realloc(c.length, capacity * sizeof *c.length);
            if (!c.locale || !c.text || !c.length) die("out of memory reading %s", path);
        }
        c.locale[c.count] = strdup(line);
        c.text[c.count] = strdup(tab + 1);
        c.length[c.count] = (int)strlen(tab + 1);
        for (const unsigned char *p = (const unsigned char *)tab + 1; *p; p++)
            if ((*p & 0xC0) != 0x80) c.characters++;
        c.count++;
    }
    free(line);
    fclose(f);
    if (c.count == 0) die("corpus %s has no entries", path);
    return c;
}

static inline long long now_ns(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (long long)t.tv_sec * 1000000000LL + t.tv_nsec;
}

static char fontconfig_file[PATH_MAX];
static inline void remove_fontconfig_file(void) {
    if (fontconfig_file[0]) {
        unlink(fontconfig_file);
        *strrchr(fontconfig_file, '/') = 0;
        rmdir(fontconfig_file);
    }
}

/// Points Fontconfig at a generated fonts.conf (in a fresh temporary folder, removed at exit) whose
/// only <dir> is `fonts_dir`, with hinting off. Its <cachedir> is $TEXTFIT_PEERS_FC_CACHE, else
/// $HOME/.cache/textfit-peers/fontconfig (Fontconfig keys and validates caches per font folder).
/// Call before anything initialises Fontconfig.
static inline void sandbox_fontconfig(const char *fonts_dir) {
    if (!fonts_dir) die("--fonts DIR is required");
    char fonts[PATH_MAX], cache[PATH_MAX - 64], tmp[PATH_MAX - 32];
    if (!realpath(fonts_dir, fonts)) die("fonts folder %s: %s", fonts_dir, strerror(errno));
    const char *env = getenv("TEXTFIT_PEERS_FC_CACHE"), *home = getenv("HOME");
    if (env && *env) snprintf(cache, sizeof cache, "%s", env);
    else snprintf(cache, sizeof cache, "%s/.cache/textfit-peers/fontconfig", home ? home : "/tmp");
    snprintf(tmp, sizeof tmp, "%s/textfit-peers-XXXXXX", getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp");
    if (!mkdtemp(tmp)) die("cannot make a temporary folder for fonts.conf: %s", strerror(errno));
    snprintf(fontconfig_file, sizeof fontconfig_file, "%s/fonts.conf", tmp);
    atexit(remove_fontconfig_file);
    FILE *f = fopen(fontconfig_file, "w");
    if (!f) die("cannot write %s: %s", fontconfig_file, strerror(errno));
    // Paths are written as CDATA so '&' or '<' in them cannot break the XML.
    fprintf(f,
            "<?xml version=\"1.0\"?>\n<fontconfig>\n"
            "  <dir><![CDATA[%s]]></dir>\n  <cachedir><![CDATA[%s]]></cachedir>\n"
            "  <match target=\"pattern\"><edit name=\"hinting\" mode=\"assign\"><bool>false</bool></edit></match>\n"
            "</fontconfig>\n",
            fonts, cache);
    if (fclose(f) != 0) die("cannot write %s", fontconfig_file);
    setenv("FONTCONFIG_FILE", fontconfig_file, 1);
}

/// The JSON line. `sums` is a NULL-terminated list of name/value pairs; `extra` (may be NULL) is
/// raw JSON text (", \"key\": value ...") inserted before "notes".
typedef struct { const char *name; double value; } sum_entry;

static inline void json_string(const char *s) {
    putchar('"');
    for (; *s; s++) {
        if (*s == '"' || *s == '\\') printf("\\%c", *s);
        else if ((unsigned char)*s < 0x20) printf("\\u%04x", *s);
        else putchar(*s);
    }
    putchar('"');
}

static inline void json_list(const double *values, int count, const char *format) {
    putchar('[');
    for (int i = 0; i < count; i++) {
        if (i) printf(", ");
        printf(format, values[i]);
    }
    putchar(']');
}

static inline void print_result(const char *peer, const char *version, const char *workload, int items,
                         long characters, const double *ns_per_item, int reps, const sum_entry *sums,
                         const char *extra, const char *notes) {
    printf("{\"peer\": ");
    json_string(peer);
    printf(", \"version\": ");
    json_string(version);
    printf(", \"workload\": ");
    json_string(workload);
    printf(", \"items\": %d, \"characters\": %ld, \"ns_per_item\": ", items, characters);
    json_list(ns_per_item, reps, "%.1f");
    printf(", \"sums\": {");
    for (int i = 0; sums && sums[i].name; i++) printf("%s\"%s\": %.17g", i ? ", " : "", sums[i].name, sums[i].value);
    printf("}%s, \"notes\": ", extra ? extra : "");
    json_string(notes);
    printf("}\n");
    fflush(stdout);
}
