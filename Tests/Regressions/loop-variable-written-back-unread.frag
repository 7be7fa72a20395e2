// regression: a sum built in a loop NIR unrolls, hashed in its last trip, was rounded as written, where llvmpipe adds the constant of the hash's argument to the sum's constant first (Shadertoy NdtXDj's cable colours `hash(tt + 123.4)`: a third of its pixels off)
// cause: NIR's rule for `(a + b) + c` with `c` a constant needs the inner sum used once; Shade counted a use in the value the last trip of the loop it writes out writes back to `tt`, which nothing reads (NIR has no such move), and a read of `tt` where its value is known when compiling
// size: 48x32
#version 300 es
precision highp float;
precision highp int;
out vec4 colour;
float hash(float co) {
    return fract(sin(co * 12.9898) * 13758.5453);
}
float df(vec2 p, out vec4 state) {
    float s = 1.0;
    float d = 1E6;
    float tt = 0.0;
    for (int i = 0; i < 3; ++i) {
        tt += sqrt(2.0) * float(1 + i);
        vec2 sp = sign(p);
        p = abs(p);
        tt += dot(sp, vec2(0.25, 0.5)) * s;
        p -= 1.35 * s;
        s *= 1.0 / 1.5;
        float dd = (length(p) - 0.2) * s;
        if (dd < d) {
            d = dd;
            state = vec4(p, 0.5, hash(tt + 123.4));
        }
    }
    return d;
}
void main() {
    vec2 p = (gl_FragCoord.xy - vec2(24.0, 16.0)) * 0.37;
    vec4 state;
    float d = df(p, state);
    colour = vec4(state.w, fract(state.w * 256.0), fract(d * 4.0), 1.0);
}
