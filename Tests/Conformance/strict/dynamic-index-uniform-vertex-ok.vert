// expect: ok
// check: strict
attribute vec4 position;
uniform mat4 bones[8];
uniform int bone;
void main() {
    gl_Position = bones[bone] * position;
}
