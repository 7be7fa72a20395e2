// error: redefinition of 'a'
#version 120
void main() {
    float a[];
    a[3] = 0.5;
    float a[];
    a[3] = 0.5;
    gl_FragColor = vec4(a[3]);
}
