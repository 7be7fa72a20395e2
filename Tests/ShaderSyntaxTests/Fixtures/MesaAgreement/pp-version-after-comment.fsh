// expect: ok
// a comment
/* and another */
#version 100
void main() { gl_FragColor = vec4(1.0); }
