// See include/bench_kernels.h. Written for the benchmark only: plain loops the compiler
// vectorises, no FMA contraction (GL's fp32 results round after every operation, as Shade's).
#include "bench_kernels.h"

#include <math.h>
#include <string.h>
#include <stdint.h>

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

// sin and cos as llvmpipe computes them (and Shade's LlvmpipeMath): octant reduction with
// pi/4 in three parts, Cephes polynomials, fp32 without FMA; branch-free, so the loop vectorises.
static inline float bits_to_float(uint32_t b) { union { uint32_t u; float f; } v = { b }; return v.f; }

// 16 lanes at a time with clang's vector extension (a scalar loop does not vectorise on its
// own: the compiler will not if-convert the octant's conversion).
typedef float vf16 __attribute__((ext_vector_type(16)));
typedef int vi16 __attribute__((ext_vector_type(16)));
typedef unsigned int vu16 __attribute__((ext_vector_type(16)));

// Vectors go by pointer: a 16-float argument would change the ABI between the clones.
static inline void llvmpipe_sin_or_cos16(const vf16 *in, int cosine, vf16 *out) {
    vf16 a = *in;
    vu16 bits = __builtin_bit_cast(vu16, a);
    vf16 magnitude = __builtin_bit_cast(vf16, bits & 0x7fffffffu);
    vf16 scaled = magnitude * bits_to_float(0x3fa2f983);
    vi16 small = __builtin_elementwise_abs(scaled) < 2147483648.0f;
    vi16 octant = small ? __builtin_convertvector(small ? scaled : 0.0f, vi16) : (vi16)(INT32_MIN);
    vu16 odd = __builtin_bit_cast(vu16, octant) + 1u, even = odd & ~1u;
    vf16 q = __builtin_convertvector(__builtin_bit_cast(vi16, even), vf16);
    vu16 selector = cosine ? even - 2u : even;
    vu16 sign_bit = cosine ? ((~selector & 4u) << 29) : ((bits ^ (odd << 29)) & 0x80000000u);
    vf16 r = q * bits_to_float(0xbf490000) + magnitude;
    r = q * bits_to_float(0xb97da000) + r;
    r = q * bits_to_float(0xb3222169) + r;
    vf16 z = r * r;
    vf16 c = z * bits_to_float(0x37ccf5ce) + bits_to_float(0xbab6061a);
    c = c * z + bits_to_float(0x3d2aaaa5);
    c = c * z;
    c = c * z;
    c = c - z * 0.5f;
    c = c + 1.0f;
    vf16 s = z * bits_to_float(0xb94ca1f9) + bits_to_float(0x3c08839e);
    s = s * z + bits_to_float(0xbe2aaaa3);
    s = s * z;
    s = s * r + r;
    vf16 y = __builtin_bit_cast(vf16, __builtin_bit_cast(vu16, (selector & 2u) == 0 ? s : c) ^ sign_bit);
    vf16 lower = y < 1.0f ? y : 1.0f;
    vf16 clamped = -1.0f > lower ? -1.0f : lower;
    *out = (bits & 0x7f800000u) != 0x7f800000u ? clamped : (vf16)(__builtin_nanf(""));
}

static inline void store16(const vf16 *v, int shift, vu16 *word) {
    vf16 c = *v > 0.0f ? *v : 0.0f;
    c = c < 1.0f ? c : 1.0f;
    *word |= (__builtin_bit_cast(vu16, c * 255.0f + 12582912.0f) & 0xFFu) << shift;
}

VECTOR_CLONES
void shade_bench_procedural(uint8_t *restrict d, int width, int height, int first, int last, float time) {
    const float fw = (float)width, fh = (float)height;
    vf16 lane;
    for (int i = 0; i < 16; i++) lane[i] = (float)i;
    for (int y = first; y < last; y++) {
        const float v = ((float)y + 0.5f) / fh;
        uint8_t *out = d + (size_t)y * width * 4;
        for (int x = 0; x < width; x += 16) {
            const vf16 u = (((float)x + lane) + 0.5f) / fw;
            vf16 value = 0.0f;
            float frequency = 3.0f, amplitude = 0.5f;
            for (int i = 0; i < 8; i++) {
                vf16 sa = u * frequency + time, ca = (vf16)(v * frequency - time), sv, cv;
                llvmpipe_sin_or_cos16(&sa, 0, &sv);
                llvmpipe_sin_or_cos16(&ca, 1, &cv);
                value = value + amplitude * sv * cv;
                frequency = frequency * 1.7f;
                amplitude = amplitude * 0.6f;
            }
            const vf16 scaled = value * 4.0f;
            const vf16 red = 0.5f + 0.5f * value, green = scaled - __builtin_elementwise_floor(scaled), blue = u * v;
            vu16 word = 0xFF000000u;
            store16(&red, 0, &word);
            store16(&green, 8, &word);
            store16(&blue, 16, &word);
            const int count = width - x < 16 ? width - x : 16;  // the last group may be partial
            __builtin_memcpy(out + 4 * x, &word, 4 * (size_t)count);
        }
    }
}

void shade_bench_copy(const uint8_t *source, uint8_t *destination, size_t count) {
    memcpy(destination, source, count * 4);
}
