// expect: ok
precision mediump float;
const vec4 K = vec4(1.0, 2.0, 3.0, 4.0);
const float a = K[2];
const float b = K.w;
const mat2 M = mat2(1.0, 2.0, 3.0, 4.0);
const float c = M[1][0];
void main() {
    float arr[int(a)];
    float arr2[int(c)];
    arr[2] = b;
    arr2[2] = 0.5;
    gl_FragColor = vec4(arr[2], arr2[2], 0.0, 1.0);
}
