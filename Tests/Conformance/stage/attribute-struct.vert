struct S { vec4 p; };
attribute S s; // error: attribute
void main() {
    gl_Position = s.p;
}
