// expect: ok
precision mediump float;
void main() { int a = 0x7FFFFFFF; int b = 0777; int c = 0X1f; gl_FragColor = vec4(float(a + b + c)); }
