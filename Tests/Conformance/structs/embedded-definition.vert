struct S {
    struct T { int a; } t; // error: cannot be defined inside another structure
    int b;
};
void main() {
    gl_Position = vec4(1.0);
}
