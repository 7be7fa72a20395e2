precision mediump float;
uniform sampler2D s;
void main() {
    gl_FragColor = texture2DProjLod(s, vec3(0.5), 0.0); // error: vertex shaders
}
