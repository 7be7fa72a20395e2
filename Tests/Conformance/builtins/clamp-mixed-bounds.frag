precision mediump float;
uniform sampler2D s;
void main() {
    vec3 r = clamp(vec3(0.5), 0.0, vec3(1.0)); // error: no matching overload
    gl_FragColor = vec4(r, 1.0);
}
