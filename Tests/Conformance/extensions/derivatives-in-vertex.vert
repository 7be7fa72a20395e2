#extension GL_OES_standard_derivatives : enable
attribute vec4 position;
void main() {
    gl_Position = dFdx(position); // error: dFdx
}
