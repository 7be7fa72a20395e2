#version 110
// Desktop GLSL (and GLSL ES 3.00): parameters and body share one scope, as in Mesa.
float f(float x) {
    float x = 2.0; // error: redefinition of 'x'
    return x;
}
void main() {
    gl_FragColor = vec4(f(1.0));
}
