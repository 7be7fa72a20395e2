#include "codec_bench_direct.h"

#include <png.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jpeglib.h>

// MARK: PNG

typedef struct {
    const uint8_t *data;
    size_t size;
    size_t offset;
} reader;

static void read_memory(png_structp png, png_bytep out, png_size_t length) {
    reader *r = png_get_io_ptr(png);
    if (length > r->size - r->offset) png_error(png, "end of input");
    memcpy(out, r->data + r->offset, length);
    r->offset += length;
}

uint8_t *bench_png_decode(const uint8_t *data, size_t size, uint32_t *width, uint32_t *height) {
    reader r = {data, size, 0};
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
    png_infop info = png_create_info_struct(png);
    uint8_t *volatile pixels = NULL;
    png_bytep *volatile rows = NULL;
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_read_struct(&png, &info, NULL);
        free(pixels);
        free(rows);
        return NULL;
    }
    png_set_read_fn(png, &r, read_memory);
    png_read_info(png, info);
    uint32_t w = png_get_image_width(png, info), h = png_get_image_height(png, info);
    int color_type = png_get_color_type(png, info);
    png_set_expand(png);
    png_set_strip_16(png);
    if (color_type == PNG_COLOR_TYPE_GRAY || color_type == PNG_COLOR_TYPE_GRAY_ALPHA) png_set_gray_to_rgb(png);
    png_set_add_alpha(png, 0xff, PNG_FILLER_AFTER);
    png_set_interlace_handling(png);
    png_read_update_info(png, info);
    pixels = malloc((size_t)w * h * 4);
    rows = malloc(sizeof(png_bytep) * h);
    for (uint32_t y = 0; y < h; y++) rows[y] = pixels + (size_t)y * w * 4;
    png_read_image(png, rows);
    png_read_end(png, info);
    png_destroy_read_struct(&png, &info, NULL);
    free(rows);
    *width = w;
    *height = h;
    return pixels;
}

typedef struct {
    uint8_t *bytes;
    size_t count;
    size_t capacity;
} writer;

static void write_memory(png_structp png, png_bytep bytes, png_size_t length) {
    writer *w = png_get_io_ptr(png);
    if (w->count + length > w->capacity) {
        size_t capacity = w->capacity ? w->capacity : 65536;
        while (capacity < w->count + length) capacity *= 2;
        uint8_t *grown = realloc(w->bytes, capacity);
        if (!grown) png_error(png, "out of memory");
        w->bytes = grown;
        w->capacity = capacity;
    }
    memcpy(w->bytes + w->count, bytes, length);
    w->count += length;
}

static void flush_memory(png_structp png) { (void)png; }

uint8_t *bench_png_encode(const uint8_t *rgba, uint32_t width, uint32_t height, int keep_alpha,
                          int level, int strategy, size_t *size) {
    writer *out = calloc(1, sizeof *out);
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
    png_infop info = png_create_info_struct(png);
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_write_struct(&png, &info);
        free(out->bytes);
        free(out);
        return NULL;
    }
    png_set_write_fn(png, out, write_memory, flush_memory);
    png_set_IHDR(png, info, width, height, 8, keep_alpha ? PNG_COLOR_TYPE_RGBA : PNG_COLOR_TYPE_RGB,
                 PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_set_compression_level(png, level);
    png_set_compression_strategy(png, strategy);
    png_write_info(png, info);
    if (!keep_alpha) png_set_filler(png, 0, PNG_FILLER_AFTER);
    for (uint32_t y = 0; y < height; y++) png_write_row(png, rgba + (size_t)y * width * 4);
    png_write_end(png, NULL);
    png_destroy_write_struct(&png, &info);
    uint8_t *bytes = out->bytes;
    *size = out->count;
    free(out);
    return bytes;
}

// MARK: JPEG

typedef struct {
    struct jpeg_error_mgr base;
    jmp_buf jump;
} error_manager;

static void on_error(j_common_ptr cinfo) { longjmp(((error_manager *)cinfo->err)->jump, 1); }

uint8_t *bench_jpeg_decode(const uint8_t *data, size_t size, uint32_t *width, uint32_t *height) {
    struct jpeg_decompress_struct cinfo;
    error_manager error;
    uint8_t *volatile pixels = NULL;
    cinfo.err = jpeg_std_error(&error.base);
    error.base.error_exit = on_error;
    if (setjmp(error.jump)) {
        jpeg_destroy_decompress(&cinfo);
        free(pixels);
        return NULL;
    }
    jpeg_create_decompress(&cinfo);
    jpeg_mem_src(&cinfo, data, (unsigned long)size);
    jpeg_read_header(&cinfo, TRUE);
    cinfo.out_color_space = JCS_EXT_RGBA;
    jpeg_start_decompress(&cinfo);
    uint32_t w = cinfo.output_width, h = cinfo.output_height;
    pixels = malloc((size_t)w * h * 4);
    while (cinfo.output_scanline < h) {
        JSAMPROW row = pixels + (size_t)cinfo.output_scanline * w * 4;
        jpeg_read_scanlines(&cinfo, &row, 1);
    }
    jpeg_finish_decompress(&cinfo);
    jpeg_destroy_decompress(&cinfo);
    *width = w;
    *height = h;
    return pixels;
}

uint8_t *bench_jpeg_encode(const uint8_t *rgba, uint32_t width, uint32_t height, int quality,
                           int subsampled, size_t *size) {
    struct jpeg_compress_struct cinfo;
    error_manager error;
    unsigned char *volatile buffer = NULL;
    unsigned long count = 0;
    cinfo.err = jpeg_std_error(&error.base);
    error.base.error_exit = on_error;
    if (setjmp(error.jump)) {
        jpeg_destroy_compress(&cinfo);
        free(buffer);
        return NULL;
    }
    jpeg_create_compress(&cinfo);
    jpeg_mem_dest(&cinfo, (unsigned char **)&buffer, &count);
    cinfo.image_width = width;
    cinfo.image_height = height;
    cinfo.input_components = 4;
    cinfo.in_color_space = JCS_EXT_RGBA;
    jpeg_set_defaults(&cinfo);
    jpeg_set_quality(&cinfo, quality, TRUE);
    cinfo.comp_info[0].h_samp_factor = subsampled ? 2 : 1;
    cinfo.comp_info[0].v_samp_factor = subsampled ? 2 : 1;
    jpeg_start_compress(&cinfo, TRUE);
    while (cinfo.next_scanline < height) {
        JSAMPROW row = (JSAMPROW)(rgba + (size_t)cinfo.next_scanline * width * 4);
        jpeg_write_scanlines(&cinfo, &row, 1);
    }
    jpeg_finish_compress(&cinfo);
    jpeg_destroy_compress(&cinfo);
    *size = count;
    return buffer;
}

void bench_free(void *bytes) { free(bytes); }
