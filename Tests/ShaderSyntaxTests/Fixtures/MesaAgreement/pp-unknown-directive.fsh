// expect: error 2 (mesa: preprocessor error: Illegal non-directive after #)
#foo
void main() { gl_FragColor = vec4(1.0); }
