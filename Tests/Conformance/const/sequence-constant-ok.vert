// expect: ok
// An operator on constant operands is constant in GLSL ES 1.00, the sequence operator too
// (piglit const-initializer/from-sequence*, as Mesa).
uniform float uf[(1, 2)];
const float f = 3.0 + (1.0, 2.0);
void main() {
    gl_Position = vec4(f + uf[1]);
}
