// expect: ok
#version 120
// `vec4[] positions;` is sized by its uses like `vec4 positions[];` (piglit
// array-constant-index-implicit-size).
vec4[] positions;
void main() {
    gl_Position = positions[2];
}
