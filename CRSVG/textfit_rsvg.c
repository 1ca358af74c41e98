// librsvg and cairo through dlopen/dlsym, on first use (textfit_rsvg.h says why).
#include "textfit_rsvg.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

// Every function TextFit calls: (library handle, return type, name, parameters). GLib's two come
// through librsvg's handle, whose dependencies (libgobject-2.0, libglib-2.0) dlsym searches too.
#define TEXTFIT_RSVG_FUNCTIONS(X) \
    X(rsvg, RsvgHandle *, rsvg_handle_new_from_data, (const uint8_t *, size_t, GError **)) \
    X(rsvg, int, rsvg_handle_get_intrinsic_size_in_pixels, (RsvgHandle *, double *, double *)) \
    X(rsvg, int, rsvg_handle_render_document, (RsvgHandle *, cairo_t *, const RsvgRectangle *, GError **)) \
    X(rsvg, void, g_object_unref, (void *)) \
    X(rsvg, void, g_error_free, (GError *)) \
    X(cairo, cairo_surface_t *, cairo_image_surface_create, (cairo_format_t, int, int)) \
    X(cairo, cairo_surface_t *, cairo_image_surface_create_from_png_stream, (cairo_read_func_t, void *)) \
    X(cairo, cairo_status_t, cairo_surface_status, (cairo_surface_t *)) \
    X(cairo, void, cairo_surface_flush, (cairo_surface_t *)) \
    X(cairo, void, cairo_surface_destroy, (cairo_surface_t *)) \
    X(cairo, cairo_status_t, cairo_surface_write_to_png_stream, (cairo_surface_t *, cairo_write_func_t, void *)) \
    X(cairo, cairo_format_t, cairo_image_surface_get_format, (cairo_surface_t *)) \
    X(cairo, int, cairo_image_surface_get_width, (cairo_surface_t *)) \
    X(cairo, int, cairo_image_surface_get_height, (cairo_surface_t *)) \
    X(cairo, int, cairo_image_surface_get_stride, (cairo_surface_t *)) \
    X(cairo, unsigned char *, cairo_image_surface_get_data, (cairo_surface_t *)) \
    X(cairo, cairo_t *, cairo_create, (cairo_surface_t *)) \
    X(cairo, cairo_status_t, cairo_status, (cairo_t *)) \
    X(cairo, void, cairo_destroy, (cairo_t *)) \
    X(cairo, const char *, cairo_status_to_string, (cairo_status_t))

#define TEXTFIT_POINTER(library, result, name, parameters) result (*name) parameters;
static struct {
    TEXTFIT_RSVG_FUNCTIONS(TEXTFIT_POINTER)
} fn;

static pthread_once_t once = PTHREAD_ONCE_INIT;
static int loaded = -1;
static char problem[1024];

/// The library `soname`, or NULL with `problem` saying why and which Debian package provides it.
static void *open_library(const char *soname, const char *package) {
    void *handle = dlopen(soname, RTLD_NOW | RTLD_LOCAL);
    if (!handle) {
        const char *reason = dlerror();
        snprintf(problem, sizeof problem,
                 "PNG output needs %s, which could not be loaded (%s); install the Debian package %s",
                 soname, reason ? reason : "no reason given", package);
    }
    return handle;
}

static void load(void) {
    // Never dlclosed: the libraries stay for the life of the process once PNG output is used.
    void *rsvg = open_library("librsvg-2.so.2", "librsvg2-2");
    if (!rsvg) return;
    void *cairo = open_library("libcairo.so.2", "libcairo2");
    if (!cairo) return;
#define TEXTFIT_RESOLVE(library, result, name, parameters)                                              \
    *(void **)&fn.name = dlsym(library, #name);                                                        \
    if (!fn.name) {                                                                                    \
        const char *reason = dlerror();                                                                \
        snprintf(problem, sizeof problem, "PNG output needs %s from %s, which was not found (%s); "    \
                 "install the Debian packages librsvg2-2 and libcairo2", #name,                         \
                 library == rsvg ? "librsvg-2.so.2" : "libcairo.so.2", reason ? reason : "no reason given"); \
        return;                                                                                        \
    }
    TEXTFIT_RSVG_FUNCTIONS(TEXTFIT_RESOLVE)
#undef TEXTFIT_RESOLVE
    loaded = 0;
}

int textfit_rsvg_load(const char **message) {
    pthread_once(&once, load);
    if (message) *message = loaded == 0 ? NULL : problem;
    return loaded;
}

RsvgHandle *textfit_rsvg_handle_new_from_data(const uint8_t *data, size_t length, GError **error) {
    return fn.rsvg_handle_new_from_data(data, length, error);
}
int textfit_rsvg_handle_get_intrinsic_size_in_pixels(RsvgHandle *handle, double *width, double *height) {
    return fn.rsvg_handle_get_intrinsic_size_in_pixels(handle, width, height);
}
int textfit_rsvg_handle_render_document(RsvgHandle *handle, cairo_t *cr, const RsvgRectangle *viewport, GError **error) {
    return fn.rsvg_handle_render_document(handle, cr, viewport, error);
}
void textfit_rsvg_handle_free(RsvgHandle *handle) { fn.g_object_unref(handle); }
void textfit_g_error_free(GError *error) { fn.g_error_free(error); }

cairo_surface_t *textfit_cairo_image_surface_create(cairo_format_t format, int width, int height) {
    return fn.cairo_image_surface_create(format, width, height);
}
cairo_surface_t *textfit_cairo_image_surface_create_from_png_stream(cairo_read_func_t read, void *closure) {
    return fn.cairo_image_surface_create_from_png_stream(read, closure);
}
cairo_status_t textfit_cairo_surface_status(cairo_surface_t *surface) { return fn.cairo_surface_status(surface); }
void textfit_cairo_surface_flush(cairo_surface_t *surface) { fn.cairo_surface_flush(surface); }
void textfit_cairo_surface_destroy(cairo_surface_t *surface) { fn.cairo_surface_destroy(surface); }
cairo_status_t textfit_cairo_surface_write_to_png_stream(cairo_surface_t *surface, cairo_write_func_t write, void *closure) {
    return fn.cairo_surface_write_to_png_stream(surface, write, closure);
}
cairo_format_t textfit_cairo_image_surface_get_format(cairo_surface_t *surface) { return fn.cairo_image_surface_get_format(surface); }
int textfit_cairo_image_surface_get_width(cairo_surface_t *surface) { return fn.cairo_image_surface_get_width(surface); }
int textfit_cairo_image_surface_get_height(cairo_surface_t *surface) { return fn.cairo_image_surface_get_height(surface); }
int textfit_cairo_image_surface_get_stride(cairo_surface_t *surface) { return fn.cairo_image_surface_get_stride(surface); }
unsigned char *textfit_cairo_image_surface_get_data(cairo_surface_t *surface) { return fn.cairo_image_surface_get_data(surface); }
cairo_t *textfit_cairo_create(cairo_surface_t *target) { return fn.cairo_create(target); }
cairo_status_t textfit_cairo_status(cairo_t *cr) { return fn.cairo_status(cr); }
void textfit_cairo_destroy(cairo_t *cr) { fn.cairo_destroy(cr); }
const char *textfit_cairo_status_to_string(cairo_status_t status) { return fn.cairo_status_to_string(status); }
