// expect: ok
#define A 1 /* c */
#define A 1 // d
void main() { gl_FragColor = vec4(1.0); }
