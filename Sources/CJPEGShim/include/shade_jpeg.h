// JPEG through libjpeg-turbo, with every call that can longjmp wrapped in a function that did its
// own setjmp. Swift sees status codes and messages only; libjpeg's headers are not exposed.
#ifndef SHADE_JPEG_H
#define SHADE_JPEG_H

#include <stddef.h>
#include <stdint.h>

/// Outcome of a shim call.
typedef enum {
    SHADE_JPEG_OK = 0,
    /// The header (markers before the first scan) is invalid.
    SHADE_JPEG_BAD_HEADER = 1,
    /// The compressed data is corrupt (a fatal error, or a bad Huffman/arithmetic code).
    SHADE_JPEG_CORRUPT = 2,
    /// The input ended early (libjpeg's "Premature end of JPEG file" or "premature end of data
    /// segment" warnings, which the shim makes fatal, or an empty input).
    SHADE_JPEG_TRUNCATED = 3,
    /// Valid JPEG that libjpeg's 8-bit API cannot decode (e.g. 12-bit precision).
    SHADE_JPEG_UNSUPPORTED = 4,
    SHADE_JPEG_NO_MEMORY = 5,
} shade_jpeg_status;

/// Colour spaces of the stored components (libjpeg's J_COLOR_SPACE numbering).
enum {
    SHADE_JPEG_UNKNOWN = 0,
    SHADE_JPEG_GRAYSCALE = 1,
    SHADE_JPEG_RGB = 2,
    SHADE_JPEG_YCBCR = 3,
    SHADE_JPEG_CMYK = 4,
    SHADE_JPEG_YCCK = 5,
};

/// The frame header, as stored.
typedef struct {
    uint32_t width;
    uint32_t height;
    int components;
    int color_space;
    int precision;
    int is_progressive;
    int is_arithmetic;
    int has_adobe_marker;
} shade_jpeg_header;

typedef struct shade_jpeg_decoder shade_jpeg_decoder;

/// A decoder reading `size` bytes at `data` (not copied: keep them alive until destroyed).
shade_jpeg_decoder *shade_jpeg_decoder_create(const uint8_t *data, size_t size);
void shade_jpeg_decoder_destroy(shade_jpeg_decoder *decoder);

/// Reads the markers up to the first scan, keeping APP1 segments for EXIF.
shade_jpeg_status shade_jpeg_decoder_read_header(shade_jpeg_decoder *decoder, shade_jpeg_header *header);

/// Decodes every pixel as RGBA8 into `height` rows of `row_bytes`. Grey is replicated; CMYK and
/// YCCK are converted to RGB (Adobe's inverted polarity when an Adobe marker is present).
shade_jpeg_status shade_jpeg_decoder_read_rgba(shade_jpeg_decoder *decoder, uint8_t *pixels, size_t row_bytes);

/// The TIFF data of the first "Exif" APP1 segment (after the 6-byte "Exif\0\0" prefix), or NULL.
const uint8_t *shade_jpeg_decoder_exif(shade_jpeg_decoder *decoder, size_t *count);

/// The error message of the last failed call ("" when none).
const char *shade_jpeg_decoder_message(const shade_jpeg_decoder *decoder);

/// Non-fatal warnings so far, separated by '\n' ("" when none).
const char *shade_jpeg_decoder_warnings(const shade_jpeg_decoder *decoder);

/// Encodes RGBA8 rows (alpha ignored) to a baseline JPEG.
///
/// `greyscale` writes one component (luma); otherwise YCbCr with 4:4:4 (`subsampled` = 0) or
/// 4:2:0 chroma. `*output` is malloc'ed; free it with `shade_jpeg_free`.
shade_jpeg_status shade_jpeg_encode(
    const uint8_t *pixels, uint32_t width, uint32_t height, size_t row_bytes,
    int quality, int subsampled, int greyscale,
    uint8_t **output, size_t *output_count, char *message, size_t message_size);

/// Frees memory returned by `shade_jpeg_encode`.
void shade_jpeg_free(void *bytes);

#endif
