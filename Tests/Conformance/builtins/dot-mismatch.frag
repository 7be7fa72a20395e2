precision mediump float;
void main() {
    float d = dot(vec3(1.0), vec2(1.0)); // error: no matching overload
    gl_FragColor = vec4(d);
}
