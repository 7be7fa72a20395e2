// expect: ok
precision mediump float;
struct Tex { sampler2D s; float scale; };
uniform Tex t;
varying vec2 textureCoordinate;
void main() {
    gl_FragColor = texture2D(t.s, textureCoordinate) * t.scale;
}
