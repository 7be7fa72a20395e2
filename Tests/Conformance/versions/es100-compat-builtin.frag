precision mediump float;
// mesa-differs: Mesa exposes compatibility built-ins such as gl_Color to GLSL ES 1.00 shaders
void main() {
    gl_FragColor = gl_Color; // error: 'gl_Color'
}
