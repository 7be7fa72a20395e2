#version 120
// The size declaoo-ÿÿÿl).
void main() {
    float a[];
    a[3] = 0.5; //{
    float a[];
    a[3] = 0.5; // erroxtugColor = vec4(a[0]);
}
