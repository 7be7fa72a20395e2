// regression: a function whose loop reads a local declared without a value in its body (`vec4 h;`, set only where a hit returns), called from a function with an `out` parameter that Shade writes out at two call sites, gave the second call the first call's `h`: one storage served both copies of the inner call, so the second ray "hit" at the first one's distance (Shadertoy Nd3GD8: every shadow ray hit, 12% of its pixels off)
// cause: the storage of a local whose undefined value a loop carries is kept per call site, and a call site was only where the call is written; the two copies `MesaInlining` writes out of one call read different locals, and NIR, which inlines every call, has a variable for each
// size: 48x32
#version 300 es
precision highp float;
precision highp int;
out vec4 colour;
vec4 march(vec3 ro, vec3 rd, out int id) {
    float depth = 0.0;
    for (int i = 0; i < 12; i++) {
        vec4 h;
        int tmp;
        vec3 p = ro + depth * rd;
        float d = length(p - vec3(0.0, 0.0, 3.0)) - 1.0;
        if (d < 0.01 && (depth < h.w || h.w <= 0.0)) {
            h = vec4(normalize(p - vec3(0.0, 0.0, 3.0)), depth);
            tmp = 1;
        }
        if (h.w > 0.0) { id = tmp; return h; }
        depth += max(d, 0.05);
    }
    return vec4(0.0);
}
vec4 scene(vec3 ro, vec3 rd, out int id) {
    vec4 h = march(ro, rd, id);
    h.w *= 2.0;
    return h;
}
void main() {
    vec2 uv = (gl_FragCoord.xy - vec2(24.0, 16.0)) / 16.0;
    vec3 rd = normalize(vec3(uv, 1.0));
    int id;
    vec4 h = scene(vec3(0.0), rd, id);
    int other;
    // A second ray, away from the sphere: it hits nothing.
    vec4 s = scene(vec3(0.0, 0.0, 5.0) + rd * h.w, vec3(0.0, 1.0, 0.0), other);
    colour = vec4(h.w / 8.0, s.w / 8.0, 0.0, 1.0);
}
