#version 120
void main() {
    vec4 v = vec4(1.0);
    int n = v.length(); // error: has no method 'length()'
    gl_Position = v;
}
