precision mediump float;
uniform sampler2D s;
void main() {
    vec3 r = faceforward(vec3(1.0), vec2(1.0), vec3(1.0)); // error: no matching overload
    gl_FragColor = vec4(r, 1.0);
}
