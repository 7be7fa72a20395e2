// expect: error 3 (mesa: preprocessor error: Macro F call has unbalanced parentheses)
#define F(a) a
#if F(1) + F(
2) == 3
void main() { gl_FragColor = vec4(1.0); }
#endif
