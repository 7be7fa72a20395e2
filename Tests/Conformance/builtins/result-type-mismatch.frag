precision mediump float;
void main() {
    vec3 l = length(vec3(1.0)); // error: cannot convert from 'float' to 'vec3'
    gl_FragColor = vec4(l, 1.0);
}
