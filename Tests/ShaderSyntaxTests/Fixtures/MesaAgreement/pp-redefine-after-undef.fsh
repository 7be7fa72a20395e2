// expect: ok
#define A 1
#undef A
#define A 2
void main() { gl_FragColor = vec4(1.0); }
