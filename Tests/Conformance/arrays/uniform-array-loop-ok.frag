// expect: ok
precision mediump float;
uniform vec4 weights[4];
varying vec2 textureCoordinate;
uniform sampler2D inputImageTexture;
void main() {
    vec4 sum = vec4(0.0);
    for (int i = 0; i < 4; i++) {
        sum += texture2D(inputImageTexture, textureCoordinate) * weights[i];
    }
    gl_FragColor = sum;
}
