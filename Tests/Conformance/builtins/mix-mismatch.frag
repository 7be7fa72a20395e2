precision mediump float;
void main() {
    vec3 a = vec3(1.0);
    vec4 b = vec4(1.0);
    vec3 c = mix(a, b, 0.5); // error: no matching overload for call to 'mix(vec3, vec4, float)'
    gl_FragColor = vec4(c, 1.0);
}
