precision mediump float;
uniform float u;
void main() {
    vec3 c = u > 0.5 ? vec3(1.0) : 0.0; // error:
    gl_FragColor = vec4(c, 1.0);
}
