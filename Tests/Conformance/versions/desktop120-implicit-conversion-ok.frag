// expect: ok
#version 120
uniform float u;
void main() {
    float f = 1;
    vec3 v = vec3(1.0) * 2;
    float g = u + 1;
    gl_FragColor = vec4(v, f + g + sin(0));
}
