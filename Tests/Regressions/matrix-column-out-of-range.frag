// regression: a matrix column indexed out of range (undefined in GLSL) read the nearest column;
// llvmpipe reads and writes the last column (measured with glref.py for -1 and 5)
// found by: the corpus differential test (piglit glsl-1.20 matrix-out-of-bounds-access)
// size: 8x8
// uniforms: u=0
precision highp float;
uniform float u;
void main() {
    mat4 m = mat4(0.25, 0.0, 0.0, 0.0, 0.0, 0.5, 0.0, 0.0, 0.0, 0.0, 0.75, 0.0, 0.0, 0.0, 0.0, 1.0);
    int below = -1 + int(u), above = 5 + int(u);
    vec4 read = m[below] * 0.5 + m[above] * 0.25;
    m[above] = vec4(0.125);
    gl_FragColor = read + vec4(m[0][0], m[1][1], m[2][2], m[3][3]) * 0.5;
}
