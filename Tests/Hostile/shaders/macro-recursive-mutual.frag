// error: undeclared identifier 'a'
#define a b
#define b a
precision mediump float;
void main() { gl_FragColor = vec4(a); }
