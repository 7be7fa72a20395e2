// regression: an index known when compiling (a variable never assigned) out of range followed
// a different rule from the same index per lane; both now drop a vector write and read the
// nearest component, as llvmpipe
// found by: the corpus differential test (piglit glsl-1.20 vector-out-of-bounds-access)
// size: 8x8
precision highp float;
void main() {
    vec4 v = vec4(1.0, 2.0, 3.0, 4.0);
    int index = -1;
    v[index] = -1.0;
    gl_FragColor = vec4(v[index], v.y * 0.25, 0.0, 1.0);
}
