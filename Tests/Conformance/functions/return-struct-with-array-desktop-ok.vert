// expect: ok
#version 120
struct Foo {
    float f;
    float arr[2];
};
Foo func() {
    Foo f;
    f.arr[0] = 2.0;
    return f;
}
void main() {
    gl_Position = vec4(func().arr[0]);
}
