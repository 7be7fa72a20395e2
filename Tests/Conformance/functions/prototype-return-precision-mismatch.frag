precision mediump float;
float get_three();
highp float get_three() { return 3.0; } // error: different return precision
void main() {
    gl_FragColor = vec4(get_three());
}
