// regression: a function that can reach its end without a `return` gave 0 there, where llvmpipe gives what another path returns (Shadertoy ws3fRS's debug grid: its centre line and border colours over the whole picture, two thirds of its pixels off; MXXGDn's `albedo` switch without a case for rays that hit nothing, a third)
// cause: NIR lowers returns before it inlines: the code after an `if` that returns moves into its `else`, the value is a variable each `return` writes, and the phi of a written value and the `undef` of the path that falls off is the written value; Shade left the fall-off at 0
// size: 48x32
#version 300 es
precision highp float;
precision highp int;
out vec4 colour;
vec3 centreLine(vec2 uv) {
    if (uv.x > 0.48 && uv.x < 0.52 || uv.y > 0.48 && uv.y < 0.52) return vec3(1.0, 0.0, 0.0);
}
// The second `if` sits in the first one's `else`: pixels that pass neither test get blue.
vec3 quadrant(vec2 uv) {
    if (uv.y > 0.5) return vec3(0.0, 1.0, 0.0);
    float d = uv.x * 2.0;
    if (d > 1.4) return vec3(0.0, 0.0, 1.0);
}
// A switch whose cases return: no case for 2, which gets what case 1 returns.
vec3 albedo(int id) {
    switch (id) {
        case 0:
            return vec3(0.75, 0.0, 1.0);
        case 1:
            return vec3(0.9);
    }
}
// A function whose every path returns is left as it is.
vec3 shade(vec2 uv) {
    if (uv.x < 0.25) return vec3(uv, 0.5);
    return vec3(0.2);
}
void main() {
    vec2 uv = gl_FragCoord.xy / vec2(48.0, 32.0);
    int id = int(uv.x * 3.0);
    colour = vec4(centreLine(uv) * 0.3 + quadrant(uv) * 0.3 + shade(uv) * 0.2 + albedo(id) * 0.2, 1.0);
}
