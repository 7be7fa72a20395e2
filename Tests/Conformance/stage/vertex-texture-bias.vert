attribute vec4 position;
uniform sampler2D heights;
void main() {
    gl_Position = position + texture2D(heights, position.xy, 1.0); // error: no matching overload
}
