// See include/bench_kernels.h. Written for the benchmark only: plain loops the compiler
// vectorises, no FMA contraction (GL's fp32 results round after every operation, as Shade's).
#include "bench_kernels.h"

#include <math.h>
#include <string.h>

#pragma clang fp contract(off)

#if defined(__x86_64__) && defined(__linux__)
#define VECTOR_CLONES __attribute__((target_clones("avx512f", "avx2", "default")))
#else
#define VECTOR_CLONES
#endif

const char *shade_bench_vector_isa(void) {
#if defined(__x86_64__) && defined(__linux__)
    __builtin_cpu_init();
    if (__builtin_cpu_supports("avx512f")) return "avx512f";
    if (__builtin_cpu_supports("avx2")) return "avx2";
    return "baseline";
#elif defined(__aarch64__)
    return "neon";
#else
    return "baseline";
#endif
}

// An RGBA8 byte as GL samples it: k * fp32(1/255) (the bits llvmpipe's unorm8 conversion gives).
static inline float unorm(uint8_t k) { return (float)k * (float)(1.0 / 255.0); }

// rint(clamp(v, 0, 1) * 255) with ties to even; NaN becomes 0.
static inline uint8_t store(float v) {
    float c = v > 0.0f ? v : 0.0f;
    c = c < 1.0f ? c : 1.0f;
    return (uint8_t)(int)__builtin_rintf(c * 255.0f);
}

VECTOR_CLONES
void shade_bench_grayscale(const uint8_t *restrict s, uint8_t *restrict d, size_t count) {
    for (size_t i = 0; i < count; i++) {
        float r = unorm(s[4 * i]), g = unorm(s[4 * i + 1]), b = unorm(s[4 * i + 2]);
        uint8_t l = store(r * 0.2125f + (g * 0.7154f + b * 0.0721f));
        d[4 * i] = l;
        d[4 * i + 1] = l;
        d[4 * i + 2] = l;
        d[4 * i + 3] = s[4 * i + 3];
    }
}

VECTOR_CLONES
void shade_bench_alpha_blend(const uint8_t *restrict base, const uint8_t *restrict overlay,
                             uint8_t *restrict d, size_t count, float mixture) {
    for (size_t i = 0; i < count; i++) {
        float a = unorm(overlay[4 * i + 3]) * mixture;
        for (int c = 0; c < 3; c++) {
            float x = unorm(base[4 * i + c]), y = unorm(overlay[4 * i + c]);
            d[4 * i + c] = store(x + (y - x) * a);  // llvmpipe's mix order, as Shade's
        }
        d[4 * i + 3] = base[4 * i + 3];
    }
}

static const float gaussian_weights[5] = {0.20236f, 0.179044f, 0.124009f, 0.067234f, 0.028532f};

VECTOR_CLONES
void shade_bench_gaussian9(const uint8_t *restrict s, uint8_t *restrict d, int width, int first, int last) {
    for (int y = first; y < last; y++) {
        const uint8_t *row = s + (size_t)y * width * 4;
        uint8_t *out = d + (size_t)y * width * 4;
        for (int x = 0; x < width; x++) {
            for (int c = 0; c < 4; c++) {
                float sum = unorm(row[4 * x + c]) * gaussian_weights[0];
                for (int k = 1; k <= 4; k++) {
                    int right = x + k < width ? x + k : width - 1;
                    int left = x - k >= 0 ? x - k : 0;
                    sum = sum + unorm(row[4 * right + c]) * gaussian_weights[k];
                    sum = sum + unorm(row[4 * left + c]) * gaussian_weights[k];
                }
                out[4 * x + c] = store(sum);
            }
        }
    }
}

VECTOR_CLONES
void shade_bench_procedural(uint8_t *restrict d, int width, int height, int first, int last, float time) {
    const float fw = (float)width, fh = (float)height;
    for (int y = first; y < last; y++) {
        const float v = ((float)y + 0.5f) / fh;
        uint8_t *out = d + (size_t)y * width * 4;
        for (int x = 0; x < width; x++) {
            const float u = ((float)x + 0.5f) / fw;
            float value = 0.0f, frequency = 3.0f, amplitude = 0.5f;
            for (int i = 0; i < 8; i++) {
                value = value + amplitude * sinf(u * frequency + time) * cosf(v * frequency - time);
                frequency = frequency * 1.7f;
                amplitude = amplitude * 0.6f;
            }
            float scaled = value * 4.0f;
            out[4 * x] = store(0.5f + 0.5f * value);
            out[4 * x + 1] = store(scaled - floorf(scaled));
            out[4 * x + 2] = store(u * v);
            out[4 * x + 3] = 255;
        }
    }
}

void shade_bench_copy(const uint8_t *source, uint8_t *destination, size_t count) {
    memcpy(destination, source, count * 4);
}
