precision mediump float;
uniform samplerCube c;
void main() {
    gl_FragColor = textureCubeLod(c, vec3(0.5), 0.0); // error: vertex shaders
}
