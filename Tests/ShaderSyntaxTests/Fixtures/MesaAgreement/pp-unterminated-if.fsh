// expect: error 3 (mesa: preprocessor error: Unterminated #if)
void main() { gl_FragColor = vec4(1.0); }
#if 1
