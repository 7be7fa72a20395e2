precision mediump float;
uniform sampler2D inputImageTexture;
varying vec2 textureCoordinate;
void main() {
    vec3 c = texture2D(inputImageTexture, textureCoordinate); // error: cannot convert from 'vec4' to 'vec3'
    gl_FragColor = vec4(c, 1.0);
}
