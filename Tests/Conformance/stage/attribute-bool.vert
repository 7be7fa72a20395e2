attribute bool flag; // error: attribute
void main() {
    gl_Position = vec4(1.0);
}
