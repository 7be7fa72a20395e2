// expect: error 3 (mesa: error: storage qualifiers must come after precise, invariant, interpolation, layout and auxiliary storage qualifiers)
precision mediump float;
varying invariant vec2 uv;
void main() { gl_FragColor = vec4(1.0); }
