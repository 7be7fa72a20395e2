// expect: ok
uniform highp float u;
varying mediump vec2 textureCoordinate;
mediump float f(mediump float x) { return x * 2.0; }
void main() {
    lowp vec4 c = vec4(f(u), textureCoordinate, 1.0);
    gl_FragColor = c;
}
