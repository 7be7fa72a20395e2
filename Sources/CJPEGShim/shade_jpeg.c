// Every libjpeg call that may longjmp runs below a setjmp in this file; see shade_jpeg.h.
#include "shade_jpeg.h"

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jpeglib.h>
#include <jerror.h>  // after jpeglib.h: its message list depends on jconfig.h

enum { WARNINGS_SIZE = 2048 };

typedef struct {
    struct jpeg_error_mgr base;  // first, so libjpeg's err pointer is also ours
    jmp_buf jump;
    shade_jpeg_status status;
    char message[JMSG_LENGTH_MAX];
    char warnings[WARNINGS_SIZE];
    size_t warnings_length;
} error_manager;

struct shade_jpeg_decoder {
    struct jpeg_decompress_struct cinfo;
    error_manager error;
    const uint8_t *data;
    size_t size;
    int header_done;
    JSAMPROW *rows;  // freed by destroy, so a longjmp cannot leak it
};

static shade_jpeg_status classify_error(int code) {
    switch (code) {
    case JERR_BAD_PRECISION:
    case JERR_CONVERSION_NOTIMPL:
    case JERR_NOT_COMPILED:
    case JERR_NOTIMPL:
    case JERR_CCIR601_NOTIMPL:
        return SHADE_JPEG_UNSUPPORTED;
    case JERR_INPUT_EMPTY:
    case JERR_INPUT_EOF:
        return SHADE_JPEG_TRUNCATED;
    case JERR_OUT_OF_MEMORY:
        return SHADE_JPEG_NO_MEMORY;
    default:
        return SHADE_JPEG_CORRUPT;
    }
}

static void on_error_exit(j_common_ptr cinfo) {
    error_manager *error = (error_manager *)cinfo->err;
    (*cinfo->err->format_message)(cinfo, error->message);
    error->status = classify_error(cinfo->err->msg_code);
    longjmp(error->jump, 1);
}

/// Warnings (level -1) are recorded, except those that mean the data is cut short or garbage:
/// they end decoding with an error instead of returning a grey-filled or scrambled image.
static void on_emit_message(j_common_ptr cinfo, int level) {
    if (level >= 0) return;  // trace messages
    error_manager *error = (error_manager *)cinfo->err;
    int code = cinfo->err->msg_code;
    if (code == JWRN_JPEG_EOF || code == JWRN_HIT_MARKER) {
        (*cinfo->err->format_message)(cinfo, error->message);
        error->status = SHADE_JPEG_TRUNCATED;
        longjmp(error->jump, 1);
    }
    if (code == JWRN_HUFF_BAD_CODE || code == JWRN_ARITH_BAD_CODE) {
        (*cinfo->err->format_message)(cinfo, error->message);
        error->status = SHADE_JPEG_CORRUPT;
        longjmp(error->jump, 1);
    }
    cinfo->err->num_warnings++;
    char text[JMSG_LENGTH_MAX];
    (*cinfo->err->format_message)(cinfo, text);
    size_t length = strlen(text);
    size_t used = error->warnings_length;
    if (used + length + 2 > sizeof error->warnings) return;  // keep the first warnings only
    if (used > 0) error->warnings[used++] = '\n';
    memcpy(error->warnings + used, text, length);
    error->warnings_length = used + length;
    error->warnings[error->warnings_length] = '\0';
}

static void install_error_manager(error_manager *error) {
    jpeg_std_error(&error->base);
    error->base.error_exit = on_error_exit;
    error->base.emit_message = on_emit_message;
    error->status = SHADE_JPEG_OK;
    error->message[0] = '\0';
}

shade_jpeg_decoder *shade_jpeg_decoder_create(const uint8_t *data, size_t size) {
    shade_jpeg_decoder *decoder = calloc(1, sizeof *decoder);
    if (!decoder) return NULL;
    decoder->data = data;
    decoder->size = size;
    install_error_manager(&decoder->error);
    decoder->cinfo.err = &decoder->error.base;
    if (setjmp(decoder->error.jump)) {
        free(decoder);
        return NULL;
    }
    jpeg_create_decompress(&decoder->cinfo);
    return decoder;
}

void shade_jpeg_decoder_destroy(shade_jpeg_decoder *decoder) {
    if (!decoder) return;
    jpeg_destroy_decompress(&decoder->cinfo);  // cannot fail
    free(decoder->rows);
    free(decoder);
}

shade_jpeg_status shade_jpeg_decoder_read_header(shade_jpeg_decoder *decoder, shade_jpeg_header *header) {
    j_decompress_ptr cinfo = &decoder->cinfo;
    if (setjmp(decoder->error.jump)) {
        shade_jpeg_status status = decoder->error.status;
        return status == SHADE_JPEG_CORRUPT ? SHADE_JPEG_BAD_HEADER : status;
    }
    if (decoder->size == 0) ERREXIT(cinfo, JERR_INPUT_EMPTY);
    jpeg_mem_src(cinfo, decoder->data, (unsigned long)decoder->size);
    jpeg_save_markers(cinfo, JPEG_APP0 + 1, 0xffff);
    jpeg_read_header(cinfo, TRUE);
    decoder->header_done = 1;
    header->width = cinfo->image_width;
    header->height = cinfo->image_height;
    header->components = cinfo->num_components;
    header->color_space = cinfo->jpeg_color_space;
    header->precision = cinfo->data_precision;
    header->is_progressive = cinfo->progressive_mode ? 1 : 0;
    header->is_arithmetic = cinfo->arith_code ? 1 : 0;
    header->has_adobe_marker = cinfo->saw_Adobe_marker ? 1 : 0;
    return SHADE_JPEG_OK;
}

/// CMYK -> RGB in place. Adobe writes inverted CMYK (0 = full ink), so R = C * K / 255 on the
/// stored values; plain CMYK is R = (255 - C) * (255 - K) / 255. Rounded to nearest.
static void convert_cmyk(uint8_t *row, uint32_t width, int inverted) {
    for (uint32_t x = 0; x < width; x++) {
        uint8_t *p = row + (size_t)x * 4;
        unsigned c = p[0], m = p[1], y = p[2], k = p[3];
        if (!inverted) {
            c = 255 - c; m = 255 - m; y = 255 - y; k = 255 - k;
        }
        unsigned t;
        t = c * k + 128; p[0] = (uint8_t)((t + (t >> 8)) >> 8);
        t = m * k + 128; p[1] = (uint8_t)((t + (t >> 8)) >> 8);
        t = y * k + 128; p[2] = (uint8_t)((t + (t >> 8)) >> 8);
        p[3] = 255;
    }
}

shade_jpeg_status shade_jpeg_decoder_read_rgba(shade_jpeg_decoder *decoder, uint8_t *pixels, size_t row_bytes) {
    j_decompress_ptr cinfo = &decoder->cinfo;
    if (setjmp(decoder->error.jump)) return decoder->error.status;
    int is_cmyk = cinfo->jpeg_color_space == JCS_CMYK || cinfo->jpeg_color_space == JCS_YCCK;
    cinfo->out_color_space = is_cmyk ? JCS_CMYK : JCS_EXT_RGBA;
    jpeg_start_decompress(cinfo);
    if (cinfo->output_components != 4) ERREXIT(cinfo, JERR_CONVERSION_NOTIMPL);
    uint32_t height = cinfo->output_height;
    decoder->rows = malloc(sizeof(JSAMPROW) * (height ? height : 1));
    if (!decoder->rows) ERREXIT1(cinfo, JERR_OUT_OF_MEMORY, 0);
    for (uint32_t y = 0; y < height; y++) decoder->rows[y] = pixels + (size_t)y * row_bytes;
    while (cinfo->output_scanline < height) {
        jpeg_read_scanlines(cinfo, decoder->rows + cinfo->output_scanline, height - cinfo->output_scanline);
    }
    jpeg_finish_decompress(cinfo);
    if (is_cmyk) {
        for (uint32_t y = 0; y < height; y++) {
            convert_cmyk(decoder->rows[y], cinfo->output_width, cinfo->saw_Adobe_marker);
        }
    }
    return SHADE_JPEG_OK;
}

const uint8_t *shade_jpeg_decoder_exif(shade_jpeg_decoder *decoder, size_t *count) {
    *count = 0;
    if (!decoder->header_done) return NULL;
    for (jpeg_saved_marker_ptr marker = decoder->cinfo.marker_list; marker; marker = marker->next) {
        if (marker->marker != JPEG_APP0 + 1 || marker->data_length < 6) continue;
        if (memcmp(marker->data, "Exif\0\0", 6) != 0) continue;
        *count = marker->data_length - 6;
        return marker->data + 6;
    }
    return NULL;
}

const char *shade_jpeg_decoder_message(const shade_jpeg_decoder *decoder) { return decoder->error.message; }

const char *shade_jpeg_decoder_warnings(const shade_jpeg_decoder *decoder) { return decoder->error.warnings; }

// MARK: - Encoding

typedef struct {
    struct jpeg_compress_struct cinfo;
    error_manager error;
    unsigned char *buffer;
    unsigned long count;
} encoder;

shade_jpeg_status shade_jpeg_encode(
    const uint8_t *pixels, uint32_t width, uint32_t height, size_t row_bytes,
    int quality, int subsampled, int greyscale,
    uint8_t **output, size_t *output_count, char *message, size_t message_size
) {
    // Everything libjpeg touches lives on the heap, not in locals a longjmp could clobber.
    encoder *state = calloc(1, sizeof *state);
    if (!state) {
        snprintf(message, message_size, "out of memory");
        return SHADE_JPEG_NO_MEMORY;
    }
    install_error_manager(&state->error);
    state->cinfo.err = &state->error.base;
    if (setjmp(state->error.jump)) {
        shade_jpeg_status status = state->error.status;
        snprintf(message, message_size, "%s", state->error.message);
        jpeg_destroy_compress(&state->cinfo);
        free(state->buffer);
        free(state);
        return status;
    }
    jpeg_create_compress(&state->cinfo);
    j_compress_ptr cinfo = &state->cinfo;
    jpeg_mem_dest(cinfo, &state->buffer, &state->count);
    cinfo->image_width = width;
    cinfo->image_height = height;
    cinfo->input_components = 4;
    cinfo->in_color_space = JCS_EXT_RGBA;
    jpeg_set_defaults(cinfo);
    if (greyscale) jpeg_set_colorspace(cinfo, JCS_GRAYSCALE);
    jpeg_set_quality(cinfo, quality, TRUE);
    if (!greyscale) {
        int factor = subsampled ? 2 : 1;
        cinfo->comp_info[0].h_samp_factor = factor;
        cinfo->comp_info[0].v_samp_factor = factor;
        cinfo->comp_info[1].h_samp_factor = 1;
        cinfo->comp_info[1].v_samp_factor = 1;
        cinfo->comp_info[2].h_samp_factor = 1;
        cinfo->comp_info[2].v_samp_factor = 1;
    }
    jpeg_start_compress(cinfo, TRUE);
    while (cinfo->next_scanline < height) {
        JSAMPROW row = (JSAMPROW)(pixels + (size_t)cinfo->next_scanline * row_bytes);
        jpeg_write_scanlines(cinfo, &row, 1);
    }
    jpeg_finish_compress(cinfo);
    *output = state->buffer;
    *output_count = state->count;
    jpeg_destroy_compress(cinfo);
    free(state);
    return SHADE_JPEG_OK;
}

void shade_jpeg_free(void *bytes) { free(bytes); }
