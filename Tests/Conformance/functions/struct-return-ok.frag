// expect: ok
precision mediump float;
struct Ray { vec3 o; vec3 d; };
Ray makeRay(vec2 uv) { return Ray(vec3(0.0), normalize(vec3(uv, 1.0))); }
void main() {
    Ray r = makeRay(vec2(0.5));
    gl_FragColor = vec4(r.d, 1.0);
}
