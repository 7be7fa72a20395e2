// expect: ok
#version 120
uniform mat3 m;
void main() {
    mat3 t = transpose(m);
    mat2 o = outerProduct(vec2(1.0), vec2(2.0));
    gl_FragColor = vec4(t[0], o[1].x);
}
