uniform vec4[-1] a; // error: array size
void main() {
    gl_Position = vec4(0.0);
}
