// regression: a[i] = a[0].yx with a dynamic index wrote one component before reading it
// cause: the scatter read the value's slots while writing the same array
// found by: shade difftest --seed 16696, shrunk
// size: 8x8
// inputs: 0
// uniforms: 
precision highp float;
precision highp int;
struct S0 {
    mat2 m0;
};
varying vec2 textureCoordinate;
void main() {
    S0 v7 = S0(mat2(1.0));
    ivec2 v8 = ivec2((-6), 2);
    v7.m0[int(clamp(float(v8.x), 0.0, 1.0))] = v7.m0[0].yx;
    v8 = ivec2(1);
    vec4 shadeColor = vec4(0.0);
    shadeColor += vec4(v7.m0[0][0], v7.m0[1][1], v7.m0[0][1], float(v8.x));
    shadeColor += vec4(float(v8.y), 0.0, 0.0, 0.0);
    shadeColor *= 0.125;
    gl_FragColor = vec4(0.5) + 0.5 * shadeColor / (abs(shadeColor) + 1.0);
}
