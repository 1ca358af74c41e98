// librsvg (SVG → cairo) and cairo (image surfaces, PNG streams): Rendering's PNG rasteriser alone
// imports this module (../shared/DESIGN.md). librsvg's header brings in cairo's and GLib's
// (GError, g_object_unref).
#include <librsvg/rsvg.h>
#include <cairo.h>
