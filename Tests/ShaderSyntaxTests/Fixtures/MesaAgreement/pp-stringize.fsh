// expect: error 2 (mesa: preprocessor error: syntax error, unexpected HASH_TOKEN, expecting NEWLINE)
#define S(x) #x
void main() { gl_FragColor = vec4(1.0); }
