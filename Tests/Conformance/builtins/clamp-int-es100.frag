precision mediump float;
// mesa-differs: Mesa offers the GLSL 1.30 int overloads of abs/clamp in GLSL ES 1.00
void main() {
    int c = clamp(5, 0, 3); // error: no matching overload
    gl_FragColor = vec4(float(c));
}
