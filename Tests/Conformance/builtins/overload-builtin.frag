// expect: ok
precision mediump float;
float dot(float a, float b, float c) {
    return a * b * c;
}
float cross(vec2 st, float size) {
    return step(size, st.x) * step(size, st.y);
}
void main() {
    vec3 c = cross(vec3(1.0, 0.0, 0.0), vec3(0.0, 1.0, 0.0));
    gl_FragColor = vec4(dot(1.0, 2.0, 3.0), dot(c, c), cross(vec2(0.5), 0.25), 1.0);
}
