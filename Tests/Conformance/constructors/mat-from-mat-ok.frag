// expect: ok
precision mediump float;
uniform mat4 m;
void main() {
    mat3 a = mat3(m);
    mat4 b = mat4(a);
    mat2 c = mat2(1.0, 0.0, 0.0, 1.0);
    mat2 d = mat2(vec2(1.0), vec2(0.0));
    mat3 e = mat3(vec3(1.0), vec4(0.0), vec2(1.0));
    gl_FragColor = b[0] + vec4(c[0], d[1]) + vec4(e[2], 1.0);
}
