// expect: error 4 (mesa: error: illegal use of reserved word `switch')
precision mediump float;
uniform int u;
void main() { switch (u) { } gl_FragColor = vec4(1.0); }
