#version 300 es
precision highp float;
out vec4 color;
float max(vec3 v) { return max(max(v.x, v.y), v.z); } // error: a shader cannot redefine or overload built-in function 'max' in GLSL ES 3.00
void main() {
    color = vec4(1.0);
}
