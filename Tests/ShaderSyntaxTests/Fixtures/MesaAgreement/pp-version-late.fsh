// expect: error 3 (mesa: preprocessor error: #version must appear on the first line)
precision mediump float;
#version 100
void main() { gl_FragColor = vec4(1.0); }
