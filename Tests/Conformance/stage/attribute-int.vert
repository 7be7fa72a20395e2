attribute int index; // error: attribute
void main() {
    gl_Position = vec4(float(index));
}
