// expect: ok
precision mediump float;
;
float f() { return 1.0; };
void main() { gl_FragColor = vec4(1.0); };;
