// librsvg (SVG → cairo) and cairo (image surfaces, PNG streams), loaded on first use with dlopen:
// Rendering's PNG rasteriser alone imports this module (../shared/DESIGN.md). Nothing here links
// librsvg, cairo or GLib, so a process that never draws a PNG never maps them (about 40 shared
// libraries: cairo, GLib, GIO, gdk-pixbuf, Pango, X11, libxml2 …; they cost every process ~8 ms
// of dynamic loading before main).
//
// The few types used are declared here from the libraries' stable ABIs (librsvg 2.x, cairo 1.x,
// GLib 2.x), so no pkg-config include paths are needed; calls go through `textfit_*` functions
// that forward to pointers found with dlsym (textfit_rsvg.c). Call `textfit_rsvg_load` first.
#ifndef TEXTFIT_RSVG_H
#define TEXTFIT_RSVG_H

#include <stddef.h>
#include <stdint.h>

/// librsvg's handle (a GObject), freed with `textfit_rsvg_handle_free`.
typedef struct _RsvgHandle RsvgHandle;
/// cairo's drawing context and surface (reference-counted, opaque).
typedef struct _cairo cairo_t;
typedef struct _cairo_surface cairo_surface_t;

/// GLib's error (`struct _GError`: GQuark domain, gint code, gchar *message), freed with `textfit_g_error_free`.
typedef struct _GError {
    uint32_t domain;
    int code;
    char *message;
} GError;

/// librsvg's `RsvgRectangle`, in pixels.
typedef struct {
    double x;
    double y;
    double width;
    double height;
} RsvgRectangle;

/// The `cairo_status_t` values TextFit tests for; any other value comes back from cairo as is and is
/// described by `textfit_cairo_status_to_string`.
typedef enum _cairo_status {
    CAIRO_STATUS_SUCCESS = 0,
    CAIRO_STATUS_NO_MEMORY = 1,
    CAIRO_STATUS_READ_ERROR = 10,
    CAIRO_STATUS_WRITE_ERROR = 11,
} cairo_status_t;

/// `cairo_format_t` (cairo 1.x values).
typedef enum _cairo_format {
    CAIRO_FORMAT_INVALID = -1,
    CAIRO_FORMAT_ARGB32 = 0,
    CAIRO_FORMAT_RGB24 = 1,
    CAIRO_FORMAT_A8 = 2,
    CAIRO_FORMAT_A1 = 3,
    CAIRO_FORMAT_RGB16_565 = 4,
    CAIRO_FORMAT_RGB30 = 5,
} cairo_format_t;

/// cairo's PNG stream callbacks.
typedef cairo_status_t (*cairo_write_func_t)(void *closure, const unsigned char *data, unsigned int length);
typedef cairo_status_t (*cairo_read_func_t)(void *closure, unsigned char *data, unsigned int length);

/// Loads librsvg-2.so.2 and libcairo.so.2 and finds every function below, once per process
/// (pthread_once; later calls only read the outcome). 0 when they are usable; otherwise -1 and
/// `*message` (static, never freed) names the library or function that failed, dlerror()'s text
/// and the Debian package that provides it. The other functions must not be called unless it gave 0.
int textfit_rsvg_load(const char **message);

RsvgHandle *textfit_rsvg_handle_new_from_data(const uint8_t *data, size_t length, GError **error);
int textfit_rsvg_handle_get_intrinsic_size_in_pixels(RsvgHandle *handle, double *width, double *height);
int textfit_rsvg_handle_render_document(RsvgHandle *handle, cairo_t *cr, const RsvgRectangle *viewport, GError **error);
/// g_object_unref.
void textfit_rsvg_handle_free(RsvgHandle *handle);
void textfit_g_error_free(GError *error);

cairo_surface_t *textfit_cairo_image_surface_create(cairo_format_t format, int width, int height);
cairo_surface_t *textfit_cairo_image_surface_create_from_png_stream(cairo_read_func_t read, void *closure);
cairo_status_t textfit_cairo_surface_status(cairo_surface_t *surface);
void textfit_cairo_surface_flush(cairo_surface_t *surface);
void textfit_cairo_surface_destroy(cairo_surface_t *surface);
cairo_status_t textfit_cairo_surface_write_to_png_stream(cairo_surface_t *surface, cairo_write_func_t write, void *closure);
cairo_format_t textfit_cairo_image_surface_get_format(cairo_surface_t *surface);
int textfit_cairo_image_surface_get_width(cairo_surface_t *surface);
int textfit_cairo_image_surface_get_height(cairo_surface_t *surface);
int textfit_cairo_image_surface_get_stride(cairo_surface_t *surface);
unsigned char *textfit_cairo_image_surface_get_data(cairo_surface_t *surface);
cairo_t *textfit_cairo_create(cairo_surface_t *target);
cairo_status_t textfit_cairo_status(cairo_t *cr);
void textfit_cairo_destroy(cairo_t *cr);
const char *textfit_cairo_status_to_string(cairo_status_t status);

#endif
