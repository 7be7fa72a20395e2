// expect: ok
precision mediump float;
uniform sampler2D inputImageTexture;
varying vec2 textureCoordinate;
vec4 sample(sampler2D s, vec2 uv) { return texture2D(s, uv); }
void main() {
    gl_FragColor = sample(inputImageTexture, textureCoordinate);
}
