struct S { vec4 p; };
varying S s; // error: varying
void main() {
    gl_Position = vec4(1.0);
}
