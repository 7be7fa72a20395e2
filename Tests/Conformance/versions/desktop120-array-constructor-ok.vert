// expect: ok
#version 120
// GLSL 1.20 §5.4.4: array constructors (sized or not, with 1.20's implicit int → float) and
// `.length()`, a constant int.
const float weights[3] = float[3](0.25, 0.5, 1);
float[] offsets = float[](1.0, 2.0);
void main() {
    vec4 colors[2] = vec4[2](vec4(0.0), vec4(1.0));
    float sizes[weights.length()];
    sizes[2] = weights[2] + offsets[1];
    gl_Position = colors[1] * sizes[2] * float(offsets.length());
}
