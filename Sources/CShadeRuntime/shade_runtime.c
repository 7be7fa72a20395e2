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
    // As Texture.unorm8: NaN and scaled values past INT32_MAX (llvmpipe's int32 conversion
    // gives INT_MIN, which saturates to 0) become 0.
    if (!(v * 255.0f < 2147483648.0f)) return 0;
    float c = v > 0.0f ? (v < 1.0f ? v : 1.0f) : 0.0f;
    union { float f; uint32_t u; } bits = { c * 255.0f + 12582912.0f };
    return bits.u & 0xFF;
}

VECTOR_CLONES
void shade_pack_rgba8(const float *restrict r, const float *restrict g, const float *restrict b, const float *restrict a,
                      uint32_t *restrict out, long count) {
    for (long i = 0; i < count; i++) out[i] = unorm8(r[i]) | unorm8(g[i]) << 8 | unorm8(b[i]) << 16 | unorm8(a[i]) << 24;
}

VECTOR_CLONES
long shade_cover_row(const double *a, const double *b, const double *c, const int *owned, long x, long y,
                     long width, float *restrict mask, long count) {
    const double py = (double)y + 0.5;
    // The row part of each edge, added in the Swift loop's order: (a * px + b * py) + c.
    const double a0 = a[0], a1 = a[1], a2 = a[2], r0 = b[0] * py, r1 = b[1] * py, r2 = b[2] * py;
    const double c0 = c[0], c1 = c[1], c2 = c[2];
    const int o0 = owned[0] != 0, o1 = owned[1] != 0, o2 = owned[2] != 0;
    long live = 0;
    for (long i = 0; i < count; i++) {
        const double px = (double)(x + i) + 0.5;
        const double v0 = a0 * px + r0 + c0, v1 = a1 * px + r1 + c1, v2 = a2 * px + r2 + c2;
        // Bitwise, not short-circuit, so the loop vectorises.
        const int on = (x + i < width) & ((v0 > 0) | ((v0 == 0) & o0)) & ((v1 > 0) | ((v1 == 0) & o1))
            & ((v2 > 0) | ((v2 == 0) & o2));
        mask[i] = on ? 1.0f : 0.0f;
        live += on;
    }
    return live;
}

int shade_x86_64_level(void) {
#if defined(__x86_64__)
    __builtin_cpu_init();
    if (__builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") && __builtin_cpu_supports("avx512vl")
        && __builtin_cpu_supports("avx512dq") && __builtin_cpu_supports("avx512cd")) return 4;
    if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma") && __builtin_cpu_supports("bmi2")) return 3;
    if (__builtin_cpu_supports("sse4.2") && __builtin_cpu_supports("popcnt")) return 2;
    return 1;
#else
    return 0;
#endif
}
