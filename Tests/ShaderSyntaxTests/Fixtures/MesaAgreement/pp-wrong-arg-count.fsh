// expect: error 3 (mesa: preprocessor error: Error: macro F invoked with 2 arguments (expected 1))
#define F(x) x
F(1, 2)
void main() { gl_FragColor = vec4(1.0); }
