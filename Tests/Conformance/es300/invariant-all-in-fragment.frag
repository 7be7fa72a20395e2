#version 300 es
#pragma STDGL invariant(all) // error: '#pragma STDGL invariant(all)' cannot be used in a fragment shader
precision highp float;
out vec4 color;
void main() {
    color = vec4(1.0);
}
