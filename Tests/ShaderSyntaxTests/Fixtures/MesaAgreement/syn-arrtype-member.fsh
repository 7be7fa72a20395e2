// expect: ok
precision mediump float;
struct S { float[2] a; };
void main(){ S s; s.a[0]=1.0; gl_FragColor = vec4(s.a[0]); }
