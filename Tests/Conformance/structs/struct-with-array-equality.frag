precision mediump float;
// mesa-differs: Mesa accepts == on structures containing arrays (spec section 5.7 forbids it)
struct A { float x[2]; };
uniform A u;
uniform A v;
void main() {
    bool same = u == v; // error: '=='
    gl_FragColor = vec4(1.0);
}
