// expect: ok
precision mediump float;
void main() {
    vec2 a = vec2(1.0, 2.0);
    vec4 b = vec4(a, 3, true);
    vec3 c = vec3(b);
    ivec4 d = ivec4(b);
    bvec2 e = bvec2(a);
    vec4 f = vec4(mat2(1.0));
    float g = float(b);
    gl_FragColor = vec4(c, g) + vec4(d) + vec4(e, 0.0, 0.0) + f;
}
