// expect: ok
precision mediump float;
void main() {
    vec3 v = vec3(1.0, 2.0, 3.0);
    vec3 a = 2.0 * v + 1.0;
    vec3 b = 1.0 - v / 2.0;
    ivec2 c = 3 * ivec2(1, 2) - 1;
    mat3 m = mat3(1.0) / 2.0 + 1.0;
    gl_FragColor = vec4(a + b + m[0] + vec3(float(c.x)), 1.0);
}
