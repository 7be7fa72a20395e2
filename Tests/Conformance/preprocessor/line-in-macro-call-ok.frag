// expect: ok
// __LINE__ in a macro's replacement list is the line of the call's closing parenthesis
// (Mesa, dEQP preprocessor.predefined_macros.line_2), not the line where the call starts:
// the array below has size 1 then, and -1 (an error) otherwise.
precision mediump float;
#define L(x) __LINE__
float a[L(
    0
) - 8];
void main() {
    gl_FragColor = vec4(a[0]);
}
