// expect: ok
#version 300 es
precision highp float;
invariant out vec4 color;
void main() {
    color = vec4(1.0);
}
