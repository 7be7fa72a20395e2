precision mediump float;
struct Light { vec3 color; float intensity; };
void main() {
    Light l = Light(vec3(1.0)); // error: 'Light'
    gl_FragColor = vec4(l.color, 1.0);
}
