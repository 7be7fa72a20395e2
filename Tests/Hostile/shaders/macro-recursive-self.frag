// error: undeclared identifier 'a'
#define a a
precision mediump float;
void main() { gl_FragColor = vec4(a); }
