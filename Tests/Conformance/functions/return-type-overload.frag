precision mediump float;
float f(float x) { return x; }
vec2 f(float x) { return vec2(x); } // error:
void main() {
    gl_FragColor = vec4(f(1.0));
}
