// expect: ok
precision mediump float;
struct Inner { vec2 p; };
struct Outer { Inner i; float w; };
void main() {
    Outer o = Outer(Inner(vec2(0.5, 0.25)), 1.0);
    o.i.p.x = 0.75;
    gl_FragColor = vec4(o.i.p, o.w, 1.0);
}
