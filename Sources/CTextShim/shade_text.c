#include "shade_text.h"

#include <ft2build.h>
#include FT_FREETYPE_H
#include <fontconfig/fontconfig.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

struct shade_font {
    FT_Library library;
    FT_Face face;
};

static int copy_string(const char *text, char *buffer, size_t capacity) {
    size_t length = strlen(text);
    if (length + 1 > capacity) return 0;
    memcpy(buffer, text, length + 1);
    return 1;
}

shade_text_status shade_font_find(const char *pattern_text, char *path, size_t path_capacity,
                                  char *family, size_t family_capacity) {
    if (path_capacity > 0) path[0] = 0;
    if (family_capacity > 0) family[0] = 0;
    FcConfig *config = FcInitLoadConfigAndFonts();
    if (!config) return SHADE_TEXT_NO_MEMORY;
    FcPattern *pattern = FcNameParse((const FcChar8 *)pattern_text);
    if (!pattern) {
        FcConfigDestroy(config);
        return SHADE_TEXT_NOT_FOUND;
    }
    FcChar8 *wanted = NULL;
    char wanted_family[256] = "";
    if (FcPatternGetString(pattern, FC_FAMILY, 0, &wanted) == FcResultMatch) {
        snprintf(wanted_family, sizeof wanted_family, "%s", (const char *)wanted);
    }
    FcConfigSubstitute(config, pattern, FcMatchPattern);
    FcDefaultSubstitute(pattern);
    FcResult result = FcResultNoMatch;
    FcPattern *match = FcFontMatch(config, pattern, &result);
    shade_text_status status = SHADE_TEXT_NOT_FOUND;
    if (match) {
        FcChar8 *file = NULL, *found = NULL;
        if (FcPatternGetString(match, FC_FAMILY, 0, &found) == FcResultMatch) {
            copy_string((const char *)found, family, family_capacity);
        }
        if (FcPatternGetString(match, FC_FILE, 0, &file) == FcResultMatch) {
            if (!copy_string((const char *)file, path, path_capacity)) {
                status = SHADE_TEXT_NO_MEMORY;
            } else if (wanted_family[0] == 0) {
                status = SHADE_TEXT_OK;
            } else {
                // Accept the match only when one of its families is the one asked for.
                for (int k = 0; FcPatternGetString(match, FC_FAMILY, k, &found) == FcResultMatch; k++) {
                    if (strcasecmp((const char *)found, wanted_family) == 0) {
                        status = SHADE_TEXT_OK;
                        break;
                    }
                }
            }
        }
        FcPatternDestroy(match);
    }
    FcPatternDestroy(pattern);
    FcConfigDestroy(config);
    return status;
}

shade_font *shade_font_open(const char *path, int pixel_size, char *message, size_t message_capacity) {
    if (message_capacity > 0) message[0] = 0;
    shade_font *font = calloc(1, sizeof *font);
    if (!font) {
        snprintf(message, message_capacity, "out of memory");
        return NULL;
    }
    FT_Error error = FT_Init_FreeType(&font->library);
    if (error) {
        snprintf(message, message_capacity, "FreeType could not start (error %d)", error);
        free(font);
        return NULL;
    }
    error = FT_New_Face(font->library, path, 0, &font->face);
    if (!error) error = FT_Set_Pixel_Sizes(font->face, 0, (FT_UInt)pixel_size);
    if (error) {
        snprintf(message, message_capacity,
                 error == FT_Err_Unknown_File_Format ? "not a font file FreeType can read"
                 : error == FT_Err_Cannot_Open_Resource ? "cannot open the file"
                 : "FreeType could not load the font (error %d)", error);
        if (font->face) FT_Done_Face(font->face);
        FT_Done_FreeType(font->library);
        free(font);
        return NULL;
    }
    return font;
}

void shade_font_close(shade_font *font) {
    if (!font) return;
    FT_Done_Face(font->face);
    FT_Done_FreeType(font->library);
    free(font);
}

void shade_font_metrics(const shade_font *font, int *ascender, int *descender, int *line_height) {
    const FT_Size_Metrics *m = &font->face->size->metrics;
    *ascender = (int)((m->ascender + 63) >> 6);
    *descender = (int)((-m->descender + 63) >> 6);
    *line_height = (int)((m->height + 63) >> 6);
}

shade_text_status shade_font_glyph(shade_font *font, uint32_t code_point, shade_glyph *glyph) {
    memset(glyph, 0, sizeof *glyph);
    FT_UInt index = FT_Get_Char_Index(font->face, code_point);
    FT_Error error = FT_Load_Glyph(font->face, index, FT_LOAD_DEFAULT);
    if (!error) error = FT_Render_Glyph(font->face->glyph, FT_RENDER_MODE_NORMAL);
    if (error) return SHADE_TEXT_BAD_FONT;
    FT_GlyphSlot slot = font->face->glyph;
    if (slot->bitmap.pixel_mode != FT_PIXEL_MODE_GRAY && slot->bitmap.width > 0) return SHADE_TEXT_BAD_FONT;
    glyph->width = (int)slot->bitmap.width;
    glyph->height = (int)slot->bitmap.rows;
    glyph->pitch = slot->bitmap.pitch;
    glyph->left = slot->bitmap_left;
    glyph->top = slot->bitmap_top;
    glyph->advance = slot->advance.x;
    glyph->coverage = slot->bitmap.buffer;
    return index == 0 ? SHADE_TEXT_MISSING_GLYPH : SHADE_TEXT_OK;
}

long shade_font_kerning(shade_font *font, uint32_t left, uint32_t right) {
    if (!FT_HAS_KERNING(font->face)) return 0;
    FT_Vector delta = {0, 0};
    FT_UInt a = FT_Get_Char_Index(font->face, left), b = FT_Get_Char_Index(font->face, right);
    if (FT_Get_Kerning(font->face, a, b, FT_KERNING_DEFAULT, &delta)) return 0;
    return delta.x;
}
