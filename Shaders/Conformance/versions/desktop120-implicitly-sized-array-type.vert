#version 120
vec4[] positions; // error: arrays sized by their uses
void main() {
    gl_Position = positions[2];
}
