// expect: ok
// GLSL ES 1.00: a function body is a scope nested in its parameters' scope, so a local may
// hide a parameter (dEQP scoping.valid.local_variable_hides_function_parameter).
// mesa-differs: Mesa applies the GLSL ES 3.00 rule (parameters and body share one scope)
precision mediump float;
int func(int inp, int x) { int x = 5; return inp + x - 5; }
void main() {
    gl_FragColor = vec4(float(func(1, 42)));
}
