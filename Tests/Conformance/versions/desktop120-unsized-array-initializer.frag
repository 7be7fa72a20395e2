#version 120
void main() {
    float a[] = 1.0; // error: takes its size from an array initializer, found 'float'
    gl_FragColor = vec4(a[0]);
}
