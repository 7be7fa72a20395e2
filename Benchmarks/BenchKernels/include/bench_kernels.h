// Hand-written C kernels that do the same work as the benchmark shaders in Shaders/Bench:
// read RGBA8, compute in fp32 with the shader's operation order, write RGBA8 with GL's
// rounding (rint(clamp(v, 0, 1) * 255)). `shade bench` times them beside Shade in one run.
// On x86-64 Linux each kernel is built for AVX-512, AVX2 and baseline SSE2 and the loader picks
// the widest the CPU has (target_clones), so C runs at the host's vector width.
#ifndef SHADE_BENCH_KERNELS_H
#define SHADE_BENCH_KERNELS_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// The widest instruction set the kernels were dispatched to: "avx512f", "avx2" or "baseline".
const char *shade_bench_vector_isa(void);

/// Grayscale: `vec4(vec3(dot(c.rgb, vec3(0.2125, 0.7154, 0.0721))), c.a)` for `count` pixels.
void shade_bench_grayscale(const uint8_t *source, uint8_t *destination, size_t count);

/// Alpha blend: `vec4(mix(base.rgb, overlay.rgb, overlay.a * mixture), base.a)`.
void shade_bench_alpha_blend(const uint8_t *base, const uint8_t *overlay, uint8_t *destination,
                             size_t count, float mixture);

/// One 9-tap Gaussian pass along x over rows `first..<last` of a `width`-wide image, taps at
/// texel centres clamped to the edge, summed in the shader's order (centre, +1, -1, +2, ...).
void shade_bench_gaussian9(const uint8_t *source, uint8_t *destination, int width, int first, int last);

/// The procedural shader (eight octaves of sin * cos) over rows `first..<last` of a
/// `width` x `height` frame at time `time`, with llvmpipe's sin and cos (as Shade computes them).
void shade_bench_procedural(uint8_t *destination, int width, int height, int first, int last, float time);

/// The floor: memcpy of `count` RGBA8 pixels.
void shade_bench_copy(const uint8_t *source, uint8_t *destination, size_t count);

#ifdef __cplusplus
}
#endif

#endif
