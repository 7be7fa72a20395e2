// expect: ok
#version 120
// The built-in is declared `varying vec4 gl_TexCoord[];`; restating that is allowed.
varying vec4 gl_TexCoord[];
void main() {
    gl_TexCoord[0] = gl_MultiTexCoord0;
    gl_Position = ftransform();
}
