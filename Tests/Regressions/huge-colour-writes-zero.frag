// regression: a colour component too large for llvmpipe's float-to-int32 conversion (+Inf from
// a division by a zero uniform, 1e20, anything with v * 255 >= 2^31) was written as 255; llvmpipe
// writes 0 (its `rint(v * 255)` gives INT_MIN, which saturates to 0), as it does for NaN
// found by: the Shadertoy sample (a shader dividing gl_FragCoord by the zero iMouse)
// size: 16x8
// uniforms: zero=0
#version 300 es
precision highp float;
uniform float zero;
out vec4 color;
void main() {
    float k = floor(gl_FragCoord.x / 2.0);
    float one = 1.0 + zero;
    float v = k == 0.0 ? 1.0 / zero                // +Inf
            : k == 1.0 ? -1.0 / zero               // -Inf: 0 either way
            : k == 2.0 ? 8421504.0 * one           // v * 255 = 2147483520 fits: 255
            : k == 3.0 ? 8421505.0 * one           // v * 255 rounds to 2^31: 0
            : k == 4.0 ? 1e20 * one
            : k == 5.0 ? 2.0 * one                 // an ordinary value above 1: 255
            : k == 6.0 ? zero / zero               // NaN: 0
            : 0.5 * one;
    color = vec4(v, 0.5, gl_FragCoord.y < 4.0 ? v : 0.25, 1.0);
}
