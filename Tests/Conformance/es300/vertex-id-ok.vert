// expect: ok
#version 300 es
in vec4 position;
flat out int id;
void main() {
    gl_Position = position;
    id = gl_VertexID + gl_InstanceID;
}
