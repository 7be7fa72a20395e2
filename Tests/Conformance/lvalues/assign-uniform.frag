precision mediump float;
uniform sampler2D inputImageTexture;
uniform float intensity;
void main() {
    intensity = 0.5; // error: 'intensity' is a uniform and cannot be assigned
    gl_FragColor = vec4(intensity);
}
