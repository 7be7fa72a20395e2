precision mediump float;
float f(float x);
vec2 f(float x) { return vec2(x); } // error:
void main() {
    gl_FragColor = vec4(1.0);
}
