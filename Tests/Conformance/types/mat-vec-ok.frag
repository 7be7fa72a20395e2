// expect: ok
precision mediump float;
uniform mat3 m;
uniform mat4 m4;
void main() {
    vec3 v = m * vec3(1.0, 2.0, 3.0);
    vec3 w = vec3(1.0) * m;
    mat3 p = m * m;
    vec4 q = m4 * vec4(v, 1.0);
    mat4 s = 2.0 * m4;
    gl_FragColor = vec4(v + w + p[0], 1.0) + q + s[1];
}
