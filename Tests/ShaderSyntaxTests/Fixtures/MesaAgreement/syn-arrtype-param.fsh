// expect: ok
precision mediump float;
float f(float[2] a) { return a[0]; }
void main(){ float x[2]; x[0]=1.0; gl_FragColor = vec4(f(x)); }
