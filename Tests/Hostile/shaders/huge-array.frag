// error: type 'float[100000000]' holds more than 65536 components, the limit for one value
precision mediump float;
float a[100000000];
void main() { gl_FragColor = vec4(a[0]); }
