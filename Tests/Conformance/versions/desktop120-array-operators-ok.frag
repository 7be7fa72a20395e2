// expect: ok
// GLSL 1.20: arrays are returned, compared with == and != and selected with ?:.
#version 120
varying vec2 textureCoordinate;
float[2] pair(float a) { return float[2](a, 1.0 - a); }
void main() {
    float k = textureCoordinate.x < 0.5 ? 0.0 : 1.0;
    float p[2] = pair(k);
    float q[2] = k > 0.5 ? float[2](1.0, 0.0) : float[2](0.0, 1.0);
    bool same = p == q;
    bool differ = p != float[2](0.25, 0.75);
    gl_FragColor = vec4(p[0], p[1] * 0.5, same ? 1.0 : 0.0, differ ? 1.0 : 0.0);
}
