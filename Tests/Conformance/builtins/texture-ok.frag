// expect: ok
precision mediump float;
uniform sampler2D inputImageTexture;
varying vec2 textureCoordinate;
void main() {
    vec4 a = texture2D(inputImageTexture, textureCoordinate);
    vec4 b = texture2D(inputImageTexture, textureCoordinate, 1.0);
    vec4 c = texture2DProj(inputImageTexture, vec3(textureCoordinate, 1.0));
    vec4 d = texture2DProj(inputImageTexture, vec4(textureCoordinate, 0.0, 1.0), 0.5);
    gl_FragColor = a + b + c + d;
}
