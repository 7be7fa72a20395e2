struct Foo {
    float f;
    float arr[2];
};
Foo func() { // error: a function's return value
    Foo f;
    f.f = 1.0;
    f.arr[0] = 2.0;
    return f;
}
void main() {
    gl_Position = vec4(1.0);
}
