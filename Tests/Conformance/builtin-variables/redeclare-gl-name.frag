precision mediump float;
float gl_Foo; // error: gl_
void main() {
    gl_FragColor = vec4(1.0);
}
