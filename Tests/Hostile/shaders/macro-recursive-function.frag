// error: use of undeclared function 'f'
#define f(x) f(x)
precision mediump float;
void main() { gl_FragColor = vec4(f(1.0)); }
