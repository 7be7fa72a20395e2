precision mediump float;
// mesa-differs: Mesa lets GLSL ES 1.00 shaders overload built-in functions (spec section 6.1 forbids it)
float dot(float a, float b, float c) { // error: built-in
    return a * b * c;
}
void main() {
    gl_FragColor = vec4(dot(1.0, 2.0, 3.0));
}
