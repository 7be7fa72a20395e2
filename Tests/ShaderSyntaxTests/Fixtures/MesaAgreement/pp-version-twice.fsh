// expect: error 3 (mesa: preprocessor error: #version must appear on the first line)
#version 100
#version 100
void main() { gl_FragColor = vec4(1.0); }
