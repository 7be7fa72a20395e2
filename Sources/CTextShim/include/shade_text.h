// Fonts through fontconfig (finding a file for a name) and FreeType (glyph coverage). Swift sees
// status codes, metrics and 8-bit coverage only; FreeType's and fontconfig's headers are not
// exposed.
#ifndef SHADE_TEXT_H
#define SHADE_TEXT_H

#include <stddef.h>
#include <stdint.h>

/// Outcome of a shim call.
typedef enum {
    SHADE_TEXT_OK = 0,
    /// fontconfig has no font whose family matches the name.
    SHADE_TEXT_NOT_FOUND = 1,
    /// FreeType could not open or read the font file (the message says why).
    SHADE_TEXT_BAD_FONT = 2,
    /// A buffer was too small or an allocation failed.
    SHADE_TEXT_NO_MEMORY = 3,
    /// The font has no glyph for the character (the font's .notdef glyph was drawn).
    SHADE_TEXT_MISSING_GLYPH = 4,
} shade_text_status;

/// Finds the font file fontconfig picks for `pattern` (a family name, optionally with
/// fontconfig's `:style=Bold`-style properties). Writes its path and family into the buffers.
/// Returns SHADE_TEXT_NOT_FOUND when the best match's family is not the one asked for (fontconfig
/// always offers a fallback; the caller decides whether that is acceptable from `family`).
shade_text_status shade_font_find(const char *pattern, char *path, size_t path_capacity,
                                  char *family, size_t family_capacity);

/// An open font face at one pixel size, with its own FreeType library: one thread at a time.
typedef struct shade_font shade_font;

/// Opens the first face of the file at `path`, scaled to `pixel_size` pixels per em.
/// On failure returns NULL and writes a message into `message`.
shade_font *shade_font_open(const char *path, int pixel_size, char *message, size_t message_capacity);

/// Closes a face from `shade_font_open`.
void shade_font_close(shade_font *font);

/// Line metrics in whole pixels: ascender (above the baseline, positive), descender (below,
/// positive) and the distance between baselines.
void shade_font_metrics(const shade_font *font, int *ascender, int *descender, int *line_height);

/// One rendered glyph: 8-bit coverage rows (`pitch` bytes apart), placed `left` pixels right of
/// the pen and `top` pixels above the baseline; the pen then moves `advance` 1/64 pixels.
typedef struct {
    int width;
    int height;
    int pitch;
    int left;
    int top;
    long advance;
    /// Valid until the next call on the same font.
    const uint8_t *coverage;
} shade_glyph;

/// Renders the glyph of Unicode scalar `code_point` with anti-aliasing.
shade_text_status shade_font_glyph(shade_font *font, uint32_t code_point, shade_glyph *glyph);

/// The kerning between two characters in 1/64 pixels (0 when the font has none).
long shade_font_kerning(shade_font *font, uint32_t left, uint32_t right);

#endif
