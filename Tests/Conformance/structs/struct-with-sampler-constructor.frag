precision mediump float;
struct Tex { sampler2D s; float k; };
uniform sampler2D u;
vec4 f(Tex t) { return texture2D(t.s, vec2(0.5)) * t.k; }
void main() {
    gl_FragColor = f(Tex(u, 1.0)); // error: contains a sampler
}
