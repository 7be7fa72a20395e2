precision mediump float;
uniform sampler2D inputImageTexture;
void main() {
    gl_FragColor = textureCube(inputImageTexture, vec3(0.5)); // error: no matching overload
}
