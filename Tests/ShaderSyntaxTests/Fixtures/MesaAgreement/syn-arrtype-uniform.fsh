// expect: ok
precision mediump float;
uniform float[2] u;
void main(){ gl_FragColor = vec4(u[0]); }
