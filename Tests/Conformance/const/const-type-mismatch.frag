precision mediump float;
const vec3 k = vec4(1.0); // error: cannot convert from 'vec4' to 'vec3'
void main() {
    gl_FragColor = vec4(k, 1.0);
}
