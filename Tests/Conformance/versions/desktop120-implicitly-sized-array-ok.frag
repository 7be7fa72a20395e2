// expect: ok
#version 120
// GLSL 1.20 sizes `float a[];` by its largest constant index (section 4.1.9).
float a[];
void main() {
    gl_FragColor = vec4(a[1]);
}
