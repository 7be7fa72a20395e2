// expect: ok
precision mediump float;
const float PI = 3.14159265;
const vec3 W = vec3(0.2125, 0.7154, 0.0721);
const int N = 4;
const float TWO_PI = PI * 2.0;
const vec2 HALF = vec2(0.5) * vec2(1.0, 2.0);
const mat2 ROT = mat2(cos(PI), sin(PI), -sin(PI), cos(PI));
const float L = length(vec2(3.0, 4.0));
const bool B = N > 2 && !false;
void main() {
    float a[N];
    float b[N * 2 - 1];
    a[0] = TWO_PI;
    b[6] = L;
    gl_FragColor = vec4(W * a[0], b[6]) + vec4(HALF, ROT[0]) * (B ? 1.0 : 0.0);
}
