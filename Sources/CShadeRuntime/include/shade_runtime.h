// Per-pixel loops of Shade's executor that run on every batch (varying interpolation, RGBA8
// packing), in C so that each is built for the CPU's widest vector ISA (target_clones) without
// compiler flags: the Swift package builds for the baseline ISA. Same arithmetic, same bits as
// the Swift loops they replace.
#ifndef SHADE_RUNTIME_H
#define SHADE_RUNTIME_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// out[i] = (float)(column[i] + row_term): one varying component of a one-row batch.
void shade_interpolate_row(const double *column, double row_term, float *out, long count);

/// out[i] = unorm8(r[i]) | unorm8(g[i]) << 8 | unorm8(b[i]) << 16 | unorm8(a[i]) << 24, with
/// unorm8(v) = rint(clamp(v, 0, 1) * 255), and 0 for NaN and for v * 255 >= 2^31 (llvmpipe's
/// int32 conversion overflows), as Texture.unorm8.
void shade_pack_rgba8(const float *r, const float *g, const float *b, const float *a, uint32_t *out, long count);

/// Coverage of one row of `count` pixels starting at (x, y) by a triangle with edge functions
/// e_k(px, py) = a[k] * px + b[k] * py + c[k] at pixel centres: mask[i] = 1 where every edge
/// is > 0, or == 0 and owned[k] (the top-left rule), and the pixel is left of `width`; else 0.
/// Returns the number of covered pixels. Double arithmetic in the Swift loop's order.
long shade_cover_row(const double *a, const double *b, const double *c, const int *owned, long x, long y,
                     long width, float *mask, long count);

/// The widest x86-64 micro-architecture level this CPU runs, as CPUID reports it: 4 (AVX-512),
/// 3 (AVX2, FMA), 2 (SSE4.2) or 1; 0 on other architectures.
int shade_x86_64_level(void);

#ifdef __cplusplus
}
#endif

#endif
