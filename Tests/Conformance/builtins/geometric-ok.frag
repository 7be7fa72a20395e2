// expect: ok
precision mediump float;
uniform vec3 n;
uniform vec3 i;
void main() {
    float a = length(n) + distance(n, i) + dot(n, i) + length(1.0);
    vec3 b = cross(n, i) + normalize(n) + faceforward(n, i, n) + reflect(i, n);
    vec3 c = refract(i, n, 0.66);
    vec2 d = normalize(n.xy) * dot(n.xy, i.xy);
    gl_FragColor = vec4(b + c + vec3(d, a), 1.0);
}
