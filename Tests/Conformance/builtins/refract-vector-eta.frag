precision mediump float;
uniform sampler2D s;
void main() {
    vec3 r = refract(vec3(1.0), vec3(0.0, 1.0, 0.0), vec3(0.5)); // error: no matching overload
    gl_FragColor = vec4(r, 1.0);
}
