// expect: ok
precision mediump float;
uniform float u;
void main() {
    vec3 c = u > 0.5 ? vec3(1.0) : vec3(0.0, 0.5, 1.0);
    float f = u < 0.1 ? 0.0 : u < 0.2 ? 0.5 : 1.0;
    gl_FragColor = vec4(c, f);
}
