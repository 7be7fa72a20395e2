#version 120
// GLSL 1.20 sizes `float a[];` by its largest constant index; Shade does not support that yet.
float a[]; // error: arrays sized by their uses
void main() {
    gl_FragColor = vec4(a[1]);
}
