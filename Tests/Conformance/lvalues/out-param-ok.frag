// expect: ok
precision mediump float;
void split(in vec4 c, out vec3 rgb, inout float a) {
    rgb = c.rgb;
    a = a * c.a;
}
void main() {
    vec3 rgb;
    float a = 1.0;
    split(vec4(0.5), rgb, a);
    gl_FragColor = vec4(rgb, a);
}
