// expect: ok
precision mediump float;
void main(){ float[2] x, y; x[0]=1.0; gl_FragColor = vec4(x[0]); }
