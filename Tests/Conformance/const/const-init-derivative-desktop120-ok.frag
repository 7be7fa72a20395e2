// expect: ok
#version 120
// GLSL 1.20 section 4.3.3: a built-in call on constant arguments is a constant expression,
// texture lookups excepted; the derivatives of a constant are zero (piglit
// glsl-const-builtin-derivatives, Mesa agrees).
void main() {
    const float dx = dFdx(0.5);
    const vec2 fw = fwidth(vec2(1.0, 2.0));
    float a[int(dx + fw.y) + 1];
    a[0] = 1.0;
    gl_FragColor = vec4(a[0]);
}
