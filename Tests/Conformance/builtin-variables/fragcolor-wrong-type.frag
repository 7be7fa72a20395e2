precision mediump float;
void main() {
    gl_FragColor = vec3(1.0); // error: cannot convert from 'vec3' to 'vec4'
}
