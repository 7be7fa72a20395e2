// Every libpng call that may longjmp runs below a setjmp in this file; see shade_png.h.
#include "shade_png.h"

#include <png.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/// Largest ancillary chunk (or decompressed text/ICC profile) the decoder will allocate.
#define SHADE_PNG_CHUNK_MALLOC_MAX (8u << 20)

enum { MESSAGE_SIZE = 256, WARNINGS_SIZE = 2048 };

struct shade_png_decoder {
    png_structp png;
    png_infop info;
    const uint8_t *data;
    size_t size;
    size_t offset;
    int hit_end_of_input;
    int out_of_memory;
    png_bytep *rows;   // freed by destroy, so a longjmp cannot leak it
    char message[MESSAGE_SIZE];
    char warnings[WARNINGS_SIZE];
    size_t warnings_length;
};

static void copy_message(char *destination, size_t size, const char *text) {
    if (size == 0) return;
    strncpy(destination, text ? text : "", size - 1);
    destination[size - 1] = '\0';
}

static void on_error(png_structp png, png_const_charp text) {
    shade_png_decoder *decoder = png_get_error_ptr(png);
    copy_message(decoder->message, sizeof decoder->message, text);
    png_longjmp(png, 1);
}

static void on_warning(png_structp png, png_const_charp text) {
    shade_png_decoder *decoder = png_get_error_ptr(png);
    size_t length = strlen(text);
    size_t used = decoder->warnings_length;
    if (used + length + 2 > sizeof decoder->warnings) return;  // keep the first warnings only
    if (used > 0) decoder->warnings[used++] = '\n';
    memcpy(decoder->warnings + used, text, length);
    decoder->warnings_length = used + length;
    decoder->warnings[decoder->warnings_length] = '\0';
}

static void read_from_memory(png_structp png, png_bytep destination, png_size_t length) {
    shade_png_decoder *decoder = png_get_io_ptr(png);
    if (length > decoder->size - decoder->offset) {
        decoder->hit_end_of_input = 1;
        png_error(png, "unexpected end of input");
    }
    memcpy(destination, decoder->data + decoder->offset, length);
    decoder->offset += length;
}

static shade_png_status failure(shade_png_decoder *decoder) {
    if (decoder->out_of_memory) return SHADE_PNG_NO_MEMORY;
    return decoder->hit_end_of_input ? SHADE_PNG_TRUNCATED : SHADE_PNG_ERROR;
}

shade_png_decoder *shade_png_decoder_create(const uint8_t *data, size_t size) {
    shade_png_decoder *decoder = calloc(1, sizeof *decoder);
    if (!decoder) return NULL;
    decoder->data = data;
    decoder->size = size;
    decoder->png = png_create_read_struct(PNG_LIBPNG_VER_STRING, decoder, on_error, on_warning);
    if (!decoder->png) {
        free(decoder);
        return NULL;
    }
    decoder->info = png_create_info_struct(decoder->png);
    if (!decoder->info) {
        png_destroy_read_struct(&decoder->png, NULL, NULL);
        free(decoder);
        return NULL;
    }
    png_set_read_fn(decoder->png, decoder, read_from_memory);
    // Bounds what libpng allocates for one ancillary chunk and inflates for zTXt/iCCP/iTXt
    // (chunks longer than the file are caught earlier, by declares_chunk_past_end).
    png_set_chunk_malloc_max(decoder->png, SHADE_PNG_CHUNK_MALLOC_MAX);
    return decoder;
}

void shade_png_decoder_destroy(shade_png_decoder *decoder) {
    if (!decoder) return;
    png_destroy_read_struct(&decoder->png, &decoder->info, NULL);
    free(decoder->rows);
    free(decoder);
}

/// Walks the chunk list in memory and finds a chunk other than IDAT that declares more bytes
/// than the file has left and more than SHADE_PNG_CHUNK_MALLOC_MAX. libpng allocates such a chunk's declared length before reading it,
/// and not every chunk handler honours png_set_chunk_malloc_max (libpng 1.6's eXIf handler
/// does not): a 154-byte file declaring a 1.6 GB eXIf chunk allocated 1.6 GB. IDAT is
/// streamed, so its truncation is left to libpng.
static int declares_chunk_past_end(shade_png_decoder *decoder) {
    const uint8_t *d = decoder->data;
    size_t at = 8;  // after the signature
    while (decoder->size >= at && decoder->size - at >= 8) {
        size_t length = (size_t)d[at] << 24 | (size_t)d[at + 1] << 16 | (size_t)d[at + 2] << 8 | d[at + 3];
        const uint8_t *type = d + at + 4;
        size_t left = decoder->size - at - 8;
        for (int i = 0; i < 4; i++) {
            int c = type[i] | 0x20;
            if (c < 'a' || c > 'z') return 0;  // not a chunk list: libpng reports it better
        }
        if (memcmp(type, "IDAT", 4) == 0 && length > left) return 0;
        // Only a length both past the end and past what libpng may allocate matters: anything
        // smaller costs at most SHADE_PNG_CHUNK_MALLOC_MAX, and libpng names its error better.
        if (length > left && length > SHADE_PNG_CHUNK_MALLOC_MAX) {
            char text[MESSAGE_SIZE];
            snprintf(text, sizeof text, "chunk '%c%c%c%c' declares %zu bytes, only %zu remain",
                     type[0] & 0x7f, type[1] & 0x7f, type[2] & 0x7f, type[3] & 0x7f, length, left);
            copy_message(decoder->message, sizeof decoder->message, text);
            return 1;
        }
        if (memcmp(type, "IEND", 4) == 0 || length > left || left - length < 4) return 0;
        at += 12 + length;
    }
    return 0;
}

shade_png_status shade_png_decoder_read_header(shade_png_decoder *decoder, shade_png_header *header) {
    png_structp png = decoder->png;
    png_infop info = decoder->info;
    if (declares_chunk_past_end(decoder)) return SHADE_PNG_TRUNCATED;
    if (setjmp(png_jmpbuf(png))) return failure(decoder);
    png_read_info(png, info);
    header->width = png_get_image_width(png, info);
    header->height = png_get_image_height(png, info);
    header->bit_depth = png_get_bit_depth(png, info);
    header->color_type = png_get_color_type(png, info);
    header->is_interlaced = png_get_interlace_type(png, info) != PNG_INTERLACE_NONE;
    header->channels = png_get_channels(png, info);
    header->has_trns = png_get_valid(png, info, PNG_INFO_tRNS) != 0;
    return SHADE_PNG_OK;
}

shade_png_status shade_png_decoder_read_rgba(
    shade_png_decoder *decoder, void *pixels, size_t row_bytes, int sixteen_bit
) {
    png_structp png = decoder->png;
    png_infop info = decoder->info;
    if (setjmp(png_jmpbuf(png))) return failure(decoder);
    uint32_t height = png_get_image_height(png, info);
    int color_type = png_get_color_type(png, info);

    png_set_expand(png);  // palette -> RGB, low bit depths -> 8, tRNS -> alpha
    if (sixteen_bit) {
        png_set_expand_16(png);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
        png_set_swap(png);
#endif
    } else {
        png_set_strip_16(png);  // keep the high byte, as most decoders do
    }
    if (color_type == PNG_COLOR_TYPE_GRAY || color_type == PNG_COLOR_TYPE_GRAY_ALPHA) {
        png_set_gray_to_rgb(png);
    }
    png_set_add_alpha(png, 0xffff, PNG_FILLER_AFTER);  // no-op when there is alpha already
    png_set_interlace_handling(png);
    png_read_update_info(png, info);
    if (png_get_rowbytes(png, info) > row_bytes) png_error(png, "internal: row buffer too small");

    decoder->rows = malloc(sizeof(png_bytep) * (height ? height : 1));
    if (!decoder->rows) {
        decoder->out_of_memory = 1;
        png_error(png, "out of memory");
    }
    for (uint32_t y = 0; y < height; y++) decoder->rows[y] = (png_bytep)pixels + (size_t)y * row_bytes;
    png_read_image(png, decoder->rows);
    png_read_end(png, info);
    return SHADE_PNG_OK;
}

const uint8_t *shade_png_decoder_exif(shade_png_decoder *decoder, size_t *count) {
    png_bytep exif = NULL;
    png_uint_32 length = 0;
    if (png_get_eXIf_1(decoder->png, decoder->info, &length, &exif) == 0 || !exif) {
        *count = 0;
        return NULL;
    }
    *count = length;
    return exif;
}

const char *shade_png_decoder_message(const shade_png_decoder *decoder) { return decoder->message; }

const char *shade_png_decoder_warnings(const shade_png_decoder *decoder) { return decoder->warnings; }

// MARK: - Encoding

typedef struct {
    shade_png_buffer *output;
    int out_of_memory;
    char message[MESSAGE_SIZE];
} encoder_context;

static void on_encode_error(png_structp png, png_const_charp text) {
    encoder_context *context = png_get_error_ptr(png);
    copy_message(context->message, sizeof context->message, text);
    png_longjmp(png, 1);
}

static void on_encode_warning(png_structp png, png_const_charp text) {
    (void)png;
    (void)text;
}

static void write_to_memory(png_structp png, png_bytep bytes, png_size_t length) {
    encoder_context *context = png_get_io_ptr(png);
    shade_png_buffer *output = context->output;
    if (length > output->capacity - output->count) {
        size_t capacity = output->capacity ? output->capacity : 65536;
        while (capacity - output->count < length) capacity *= 2;
        uint8_t *grown = realloc(output->bytes, capacity);
        if (!grown) {
            context->out_of_memory = 1;
            png_error(png, "out of memory");
        }
        output->bytes = grown;
        output->capacity = capacity;
    }
    memcpy(output->bytes + output->count, bytes, length);
    output->count += length;
}

static void flush_memory(png_structp png) { (void)png; }

shade_png_status shade_png_encode(
    const uint8_t *pixels, uint32_t width, uint32_t height, size_t row_bytes,
    int color_type, int bit_depth, int strips_filler,
    int level, int strategy, int filters,
    shade_png_buffer *output, char *message, size_t message_size
) {
    // The context lives on the heap: callbacks change it between setjmp and longjmp.
    encoder_context *context = calloc(1, sizeof *context);
    if (!context) {
        copy_message(message, message_size, "out of memory");
        return SHADE_PNG_NO_MEMORY;
    }
    context->output = output;
    png_structp png = png_create_write_struct(
        PNG_LIBPNG_VER_STRING, context, on_encode_error, on_encode_warning);
    png_infop info = png ? png_create_info_struct(png) : NULL;
    if (!info) {
        if (png) png_destroy_write_struct(&png, NULL);
        free(context);
        copy_message(message, message_size, "out of memory");
        return SHADE_PNG_NO_MEMORY;
    }
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_write_struct(&png, &info);
        copy_message(message, message_size, context->message);
        shade_png_status status = context->out_of_memory ? SHADE_PNG_NO_MEMORY : SHADE_PNG_ERROR;
        free(context);
        return status;
    }
    png_set_write_fn(png, context, write_to_memory, flush_memory);
    png_set_IHDR(png, info, width, height, bit_depth, color_type, PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_set_compression_level(png, level);
    png_set_compression_strategy(png, strategy);
    if (filters != 0) png_set_filter(png, PNG_FILTER_TYPE_BASE, filters);
    png_write_info(png, info);
    if (strips_filler) png_set_filler(png, 0, PNG_FILLER_AFTER);
    for (uint32_t y = 0; y < height; y++) {
        png_write_row(png, (png_const_bytep)(pixels + (size_t)y * row_bytes));
    }
    png_write_end(png, NULL);
    png_destroy_write_struct(&png, &info);
    free(context);
    return SHADE_PNG_OK;
}

void shade_png_buffer_free(shade_png_buffer *buffer) {
    free(buffer->bytes);
    buffer->bytes = NULL;
    buffer->count = 0;
    buffer->capacity = 0;
}
