precision mediump float;
float func(float f);
float func(float f); // error: is declared twice
float func(float f) { return -f; }
void main() {
    gl_FragColor = vec4(func(1.0));
}
