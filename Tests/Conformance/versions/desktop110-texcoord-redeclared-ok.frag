// expect: ok
#version 110
varying vec4 gl_TexCoord[2];
void main() {
    gl_FragColor = gl_TexCoord[1];
}
