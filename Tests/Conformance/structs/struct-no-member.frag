precision mediump float;
struct Light { vec3 color; float intensity; };
void main() {
    Light l = Light(vec3(1.0), 1.0);
    gl_FragColor = vec4(l.colour, 1.0); // error: no member named 'colour'
}
