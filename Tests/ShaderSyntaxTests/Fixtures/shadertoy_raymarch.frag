precision highp float;

uniform vec2 iResolution;
uniform float iTime;

#define MAX_STEPS 64
#define MAX_DIST 100.
#define SURF_DIST .001

struct Ray {
    vec3 origin;
    vec3 direction;
};

struct Hit {
    float dist;
    int material;
};

mat2 rot(float a) {
    float s = sin(a), c = cos(a);
    return mat2(c, -s, s, c);
}

float sdSphere(vec3 p, float r) { return length(p) - r; }

float sdBox(vec3 p, vec3 b) {
    vec3 q = abs(p) - b;
    return length(max(q, 0.0)) + min(max(q.x, max(q.y, q.z)), 0.0);
}

Hit map(vec3 p) {
    vec3 bp = p - vec3(0, 1, 6);
    bp.xz *= rot(iTime);
    float box = sdBox(bp, vec3(.5));
    float sphere = sdSphere(p - vec3(sin(iTime), 1, 6), 0.75);
    float plane = p.y;
    Hit h = Hit(plane, 0);
    if (box < h.dist) h = Hit(box, 1);
    if (sphere < h.dist) { h.dist = sphere; h.material = 2; }
    return h;
}

float march(Ray r) {
    float d0 = 0.;
    for (int i = 0; i < MAX_STEPS; i++) {
        vec3 p = r.origin + r.direction * d0;
        float ds = map(p).dist;
        d0 += ds;
        if (d0 > MAX_DIST || ds < SURF_DIST) break;
    }
    return d0;
}

vec3 normal(vec3 p) {
    vec2 e = vec2(.01, 0);
    float d = map(p).dist;
    vec3 n = d - vec3(map(p - e.xyy).dist, map(p - e.yxy).dist, map(p - e.yyx).dist);
    return normalize(n);
}

void main() {
    vec2 uv = (gl_FragCoord.xy - .5 * iResolution.xy) / iResolution.y;
    Ray ray = Ray(vec3(0, 1, 0), normalize(vec3(uv.x, uv.y, 1)));
    float d = march(ray);
    vec3 p = ray.origin + ray.direction * d;
    vec3 lightPos = vec3(0, 5, 6);
    lightPos.xz += vec2(sin(iTime), cos(iTime)) * 2.;
    vec3 l = normalize(lightPos - p);
    float dif = clamp(dot(normal(p), l), 0., 1.);
    Ray shadowRay = Ray(p + normal(p) * SURF_DIST * 2., l);
    if (march(shadowRay) < length(lightPos - p)) dif *= .1;
    vec3 col = vec3(dif);
    col = pow(col, vec3(.4545));
    gl_FragColor = vec4(col, 1.0);
}
