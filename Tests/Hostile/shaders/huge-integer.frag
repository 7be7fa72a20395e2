// error: array size must be greater than zero, found 0
precision mediump float;
float a[99999999999999999999];
void main() { int i = 99999999999999999999; gl_FragColor = vec4(a[0]); }
