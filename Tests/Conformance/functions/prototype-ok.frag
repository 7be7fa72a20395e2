// expect: ok
precision mediump float;
vec3 tint(vec3 c, float amount);
float luma(vec3 c);
void main() {
    vec3 c = tint(vec3(0.5), 0.25);
    gl_FragColor = vec4(c, luma(c));
}
vec3 tint(vec3 c, float amount) {
    return c * (1.0 - amount) + vec3(amount);
}
float luma(vec3 c) {
    return dot(c, vec3(0.2125, 0.7154, 0.0721));
}
