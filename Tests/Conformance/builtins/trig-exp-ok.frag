// expect: ok
precision mediump float;
uniform vec3 u;
void main() {
    vec3 a = radians(u) + degrees(u) + sin(u) + cos(u) + tan(u) + asin(u) + acos(u);
    vec3 b = atan(u) + atan(u, u) + pow(u, u) + exp(u) + log(u) + exp2(u) + log2(u);
    vec3 c = sqrt(u) + inversesqrt(u);
    float d = atan(1.0, 2.0) + pow(2.0, 3.0);
    gl_FragColor = vec4(a + b + c, d);
}
