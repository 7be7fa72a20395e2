precision mediump float;
float f(vec2 x) { return x.x; }
void main() {
    gl_FragColor = vec4(f(1.0)); // error: no matching overload for call to 'f(float)'
}
