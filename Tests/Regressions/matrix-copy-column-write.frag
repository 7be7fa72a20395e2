// regression: a component write into a copy of a matrix changed the original
// found by: shade difftest --seed 26 (against a build without the fix), shrunk
// size: 8x8
precision highp float;
precision highp int;
varying vec2 textureCoordinate;
void main() {
    mat4 v11 = (mat4(1.0) * dot(vec4(0.5), textureCoordinate.yxxx));
    mat4 v21 = v11;
    v21[3].bgr = vec3(1.0);
    vec4 shadeColor = vec4(0.0);
    shadeColor = shadeColor * 0.5 + vec4(v11[0][0], v11[1][1], v11[2][2], v11[3][3]);
    shadeColor = shadeColor * 0.5 + vec4(v11[0][3], v21[0][0], v21[1][1], v21[2][2]);
    shadeColor = shadeColor * 0.5 + vec4(v21[3][3], v21[0][3], 0.0, 0.0);
    gl_FragColor = vec4(0.5) + 0.5 * shadeColor / (abs(shadeColor) + 1.0);
}
