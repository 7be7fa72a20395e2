// See include/shade_runtime.h.
#include "shade_runtime.h"

#pragma clang fp contract(off)

#if defined(__x86_64__) && defined(__linux__)
#define VECTOR_CLONES __attribute__((target_clones("avx512f", "avx2", "default")))
#else
#define VECTOR_CLONES
#endif

VECTOR_CLONES
void shade_interpolate_row(const double *restrict column, double row_term, float *restrict out, long count) {
    for (long i = 0; i < count; i++) out[i] = (float)(column[i] + row_term);
}

static inline uint32_t unorm8(float v) {
    float c = v > 0.0f ? (v < 1.0f ? v : 1.0f) : 0.0f;
    union { float f; uint32_t u; } bits = { c * 255.0f + 12582912.0f };
    return bits.u & 0xFF;
}

VECTOR_CLONES
void shade_pack_rgba8(const float *restrict r, const float *restrict g, const float *restrict b, const float *restrict a,
                      uint32_t *restrict out, long count) {
    for (long i = 0; i < count; i++) out[i] = unorm8(r[i]) | unorm8(g[i]) << 8 | unorm8(b[i]) << 16 | unorm8(a[i]) << 24;
}
