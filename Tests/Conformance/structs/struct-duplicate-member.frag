precision mediump float;
// mesa-differs: Mesa accepts duplicate member names
struct A {
    float x;
    float x; // error: duplicate member 'x'
};
void main() {
    gl_FragColor = vec4(1.0);
}
