// expect: ok
precision mediump float;
varying vec2 textureCoordinate;
void main() {
    vec2 t = textureCoordinate;
    t.x++;
    --t.y;
    gl_FragColor = vec4(t, 0.0, 1.0);
}
