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

VECTOR_CLONES
long shade_cover_row(const double *a, const double *b, const double *c, const int *owned, long x, long y,
                     long width, float *restrict mask, long count) {
    const double py = (double)y + 0.5;
    long live = 0;
    for (long i = 0; i < count; i++) {
        const double px = (double)(x + i) + 0.5;
        int on = x + i < width;
        for (int k = 0; k < 3; k++) {
            double v = a[k] * px + b[k] * py + c[k];
            on &= v > 0 || (v == 0 && owned[k]);
        }
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
