#version 120
// An inout argument would need float → int on the way in: not implicit.
void f(inout int x) { x += 1; }
void main() {
    float y = 1.0;
    f(y); // error: no matching overload
    gl_FragColor = vec4(y);
}
