// PNG through libpng, with every call that can longjmp wrapped in a function that did its own
// setjmp. Swift sees status codes and messages only; libpng's headers are not exposed.
#ifndef SHADE_PNG_H
#define SHADE_PNG_H

#include <stddef.h>
#include <stdint.h>

/// Outcome of a shim call.
typedef enum {
    SHADE_PNG_OK = 0,
    /// libpng reported an error; the message says which.
    SHADE_PNG_ERROR = 1,
    /// The input ended before libpng had read what it needed.
    SHADE_PNG_TRUNCATED = 2,
    /// An allocation failed.
    SHADE_PNG_NO_MEMORY = 3,
} shade_png_status;

/// The IHDR fields, as stored.
typedef struct {
    uint32_t width;
    uint32_t height;
    int bit_depth;
    /// PNG colour type: 0 grey, 2 RGB, 3 palette, 4 grey+alpha, 6 RGBA.
    int color_type;
    int is_interlaced;
    /// Channels as stored (palette counts as 1).
    int channels;
    int has_trns;
} shade_png_header;

/// A growable byte buffer owned by C; free it with `shade_buffer_free`.
typedef struct {
    uint8_t *bytes;
    size_t count;
    size_t capacity;
} shade_png_buffer;

typedef struct shade_png_decoder shade_png_decoder;

/// A decoder reading `size` bytes at `data` (not copied: keep them alive until destroyed).
shade_png_decoder *shade_png_decoder_create(const uint8_t *data, size_t size);
void shade_png_decoder_destroy(shade_png_decoder *decoder);

/// Reads the signature and every chunk up to the first IDAT.
shade_png_status shade_png_decoder_read_header(shade_png_decoder *decoder, shade_png_header *header);

/// Decodes every pixel as RGBA (8 or 16 bits a channel, 16-bit in host byte order), de-interlacing
/// and expanding palette, tRNS, grey and low bit depths, then reads up to IEND (png_read_end).
/// `pixels` holds `height` rows of `row_bytes`.
shade_png_status shade_png_decoder_read_rgba(
    shade_png_decoder *decoder, void *pixels, size_t row_bytes, int sixteen_bit);

/// The eXIf chunk (after the header or after reading the pixels), or NULL.
const uint8_t *shade_png_decoder_exif(shade_png_decoder *decoder, size_t *count);

/// The error message of the last failed call ("" when none).
const char *shade_png_decoder_message(const shade_png_decoder *decoder);

/// Warnings so far, separated by '\n' ("" when none).
const char *shade_png_decoder_warnings(const shade_png_decoder *decoder);

/// Encodes `height` rows of `row_bytes` to PNG.
///
/// `color_type` is the stored type (0, 2, 4 or 6); `bit_depth` 8 or 16 (16-bit samples big-endian).
/// When `strips_filler` is set, each input pixel has one extra trailing byte per channel set that
/// libpng drops (RGBA input written as RGB). `level` is the zlib level (0-9), `strategy` a zlib
/// strategy constant, `filters` a mask of PNG_FILTER_* values (0 = libpng's default).
shade_png_status shade_png_encode(
    const uint8_t *pixels, uint32_t width, uint32_t height, size_t row_bytes,
    int color_type, int bit_depth, int strips_filler,
    int level, int strategy, int filters,
    shade_png_buffer *output, char *message, size_t message_size);

/// Frees a buffer filled by `shade_png_encode`.
void shade_png_buffer_free(shade_png_buffer *buffer);

/// zlib strategies and libpng filter masks, for callers that do not see zlib.h or png.h.
enum {
    SHADE_Z_DEFAULT_STRATEGY = 0,
    SHADE_Z_FILTERED = 1,
    SHADE_Z_HUFFMAN_ONLY = 2,
    SHADE_Z_RLE = 3,
    SHADE_PNG_FILTER_NONE = 0x08,
    SHADE_PNG_FILTER_SUB = 0x10,
    SHADE_PNG_FILTER_UP = 0x20,
    SHADE_PNG_FILTER_AVG = 0x40,
    SHADE_PNG_FILTER_PAETH = 0x80,
    SHADE_PNG_ALL_FILTERS = 0xf8,
};

#endif
