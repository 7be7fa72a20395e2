// regression: m[i].yxz = m[2] in a loop read components of m[2] already overwritten
// cause: the scatter read the value's slots while writing the same array
// found by: shade difftest --seed 18335, shrunk
// size: 8x8
// inputs: 0
// uniforms: 
precision highp float;
precision highp int;
varying vec2 textureCoordinate;
void main() {
    mat3 v14 = mat3((-1.0), 0.75, (-0.75), 0.0, (-1.5), 1.0, (-3.0), 3.75, 0.75) * 0.25;
    for (int i16 = 4; i16 >= 0; i16--) {
        v14[int(clamp(float(i16), 0.0, 2.0))].yxz = v14[2];
    }
    vec4 shadeColor = vec4(0.0);
    shadeColor += vec4(v14[0][0], v14[1][1], v14[2][2], v14[0][2]);
    shadeColor *= 0.125;
    gl_FragColor = vec4(0.5) + 0.5 * shadeColor / (abs(shadeColor) + 1.0);
}
