precision mediump float;
vec3 normalize(vec3 v) { // error: cannot redefine built-in function 'normalize(vec3)'
    return v;
}
void main() {
    gl_FragColor = vec4(normalize(vec3(1.0)), 1.0);
}
