// error: type 'S[65536]' holds more than 65536 components, the limit for one value
precision mediump float;
struct S { vec4 v; };
uniform S s[65536];
void main() { gl_FragColor = s[0].v; }
