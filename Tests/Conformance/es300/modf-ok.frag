// expect: ok
#version 300 es
precision highp float;
uniform vec3 v;
out vec4 color;
void main() {
    vec4 whole;
    float f = modf(v.x, whole.w);
    vec3 g = modf(v, whole.xyz);
    color = vec4(g, f) + whole;
}
