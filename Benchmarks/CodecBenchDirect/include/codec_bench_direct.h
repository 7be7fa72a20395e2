// The baseline of codec-bench: libpng and libjpeg-turbo called directly, the way a C program
// would, doing the same work as Shade's codecs (RGBA8 in and out, memory to memory).
#ifndef CODEC_BENCH_DIRECT_H
#define CODEC_BENCH_DIRECT_H

#include <stddef.h>
#include <stdint.h>

/// Decodes a PNG to newly malloc'ed RGBA8 (freed with `bench_free`); returns NULL on error.
uint8_t *bench_png_decode(const uint8_t *data, size_t size, uint32_t *width, uint32_t *height);

/// Encodes RGBA8 to PNG: RGB (dropping alpha with png_set_filler) or RGBA. Returns malloc'ed
/// bytes (freed with `bench_free`) or NULL.
uint8_t *bench_png_encode(const uint8_t *rgba, uint32_t width, uint32_t height, int keep_alpha,
                          int level, int strategy, size_t *size);

/// Decodes a JPEG to newly malloc'ed RGBA8; returns NULL on error.
uint8_t *bench_jpeg_decode(const uint8_t *data, size_t size, uint32_t *width, uint32_t *height);

/// Encodes RGBA8 (alpha ignored) to a baseline YCbCr JPEG. Returns malloc'ed bytes or NULL.
uint8_t *bench_jpeg_encode(const uint8_t *rgba, uint32_t width, uint32_t height, int quality,
                           int subsampled, size_t *size);

void bench_free(void *bytes);

#endif
