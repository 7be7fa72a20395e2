precision mediump float;
uniform sampler2D s;
void main() {
    vec3 r = reflect(vec3(1.0), 1.0); // error: no matching overload
    gl_FragColor = vec4(r, 1.0);
}
