void main() {
// mesa-differs: Mesa exposes compatibility built-ins such as gl_Vertex to GLSL ES 1.00 shaders
    gl_Position = gl_Vertex; // error: 'gl_Vertex'
}
