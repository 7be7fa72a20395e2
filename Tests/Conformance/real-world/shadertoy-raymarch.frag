// expect: ok
precision highp float;
uniform vec3 iResolution;
uniform float iTime;
struct Hit { float dist; vec3 pos; int steps; };
const int MAX_STEPS = 64;
const float EPS = 0.001;
float sdSphere(vec3 p, float r) { return length(p) - r; }
float sdBox(vec3 p, vec3 b) {
    vec3 q = abs(p) - b;
    return length(max(q, 0.0)) + min(max(q.x, max(q.y, q.z)), 0.0);
}
mat2 rot(float a) { float c = cos(a), s = sin(a); return mat2(c, -s, s, c); }
float scene(vec3 p) {
    vec3 q = p;
    q.xz *= rot(iTime * 0.5);
    return min(sdSphere(p - vec3(0.0, 0.0, 0.0), 1.0), sdBox(q - vec3(1.5, 0.0, 0.0), vec3(0.5)));
}
vec3 normalAt(vec3 p) {
    vec2 e = vec2(EPS, 0.0);
    return normalize(vec3(scene(p + e.xyy) - scene(p - e.xyy),
                          scene(p + e.yxy) - scene(p - e.yxy),
                          scene(p + e.yyx) - scene(p - e.yyx)));
}
Hit march(vec3 ro, vec3 rd) {
    Hit h = Hit(0.0, ro, 0);
    for (int i = 0; i < MAX_STEPS; i++) {
        h.pos = ro + rd * h.dist;
        float d = scene(h.pos);
        h.steps = i;
        if (d < EPS) break;
        h.dist += d;
        if (h.dist > 20.0) break;
    }
    return h;
}
void main() {
    vec2 uv = (gl_FragCoord.xy - 0.5 * iResolution.xy) / iResolution.y;
    vec3 ro = vec3(0.0, 0.0, -4.0);
    vec3 rd = normalize(vec3(uv, 1.5));
    Hit h = march(ro, rd);
    vec3 col = vec3(0.1);
    if (h.dist < 20.0) {
        vec3 n = normalAt(h.pos);
        float diff = clamp(dot(n, normalize(vec3(1.0, 1.0, -1.0))), 0.0, 1.0);
        col = vec3(0.8, 0.6, 0.4) * diff + 0.05 * float(h.steps) / float(MAX_STEPS);
    }
    gl_FragColor = vec4(pow(col, vec3(1.0 / 2.2)), 1.0);
}
