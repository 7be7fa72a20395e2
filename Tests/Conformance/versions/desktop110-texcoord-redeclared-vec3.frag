#version 110
varying vec3 gl_TexCoord[2]; // error: reserved
void main() {
    gl_FragColor = vec4(0.0);
}
