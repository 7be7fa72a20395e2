// regression: NIR's MAD rule (`(a*b + c*d) + e` is `(a*b + e) + c*d`) saw only sums written where they are added; NIR's values are scalars, so a sum held by a local read once, or by a component of a local vector read once, meets it too: a Mandelbrot step's `z.x = x + c.x` with `float x = z.x*z.x - z.y*z.y` and the `z.y` update between them, and `c += vec4(mset(uv), 1.0)` with `mset` written out into a result vector (dtGfDw: 7% of its pixels off on the first frame, its escape counts moved)
// cause: the MAD rule now looks through a read of a local (or a component) used once whose value reads variables nothing writes before the read
// size: 48x32
#version 300 es
precision highp float;
precision highp int;
out vec4 colour;
vec3 mset(vec2 c) {
    // A loop NIR does not unroll (its bound is not known when compiling).
    vec2 z = c;
    float s = 0.0;
    int i = 0, n = 4 + int(c.x * 3.0 + 3.0);
    while (i < n) {
        if (dot(z, z) > 256.0) break;
        i++;
        float x = z.x * z.x - z.y * z.y;
        z.y = 2.0 * z.x * z.y + c.y;
        z.x = x + c.x;
        s += z.x;
    }
    return vec3(0.0, c.x * c.x - c.y * c.y, s);
    // Dead code after the return: the result goes through a local.
    return vec3(z, 1.0);
}
void main() {
    vec4 c = vec4(0.0);
    for (int j = 0; j < 3; j++) {
        vec2 uv = (gl_FragCoord.xy / vec2(48.0, 32.0) - 0.5) * 2.6 + vec2(-0.6, 0.1) + vec2(0.013, 0.007) * float(j * j);
        c += vec4(mset(uv), 1.0);
    }
    colour = vec4(fract(c.y * 1048576.0), fract(c.z * 1024.0), fract(c.z * 65536.0), 1.0);
}
