// regression: `v15++` inside a declaration's initializer incremented the SSA version of v15,
// not v15 (difftest seed 10040199, shrunk; the reference interpreter lost the increment)
// cause: MesaVersioning renamed the initializer's reads without first giving the variable its
// last version back, as it does before any other statement that writes the variable
// size: 16x16
precision highp float;
precision highp int;
varying vec2 textureCoordinate;
void main() {
    float v15 = 1.0;
    if ((!true)) {
    } else {
        v15 *= 1.0;
        bool b17 = true && (v15++ <= (-1.75));
    }
    vec4 shadeColor = vec4(0.0);
    shadeColor += vec4(v15, 0.0, 0.0, 0.0);
    shadeColor *= 0.125;
    gl_FragColor = vec4(0.5) + 0.5 * shadeColor / (abs(shadeColor) + 1.0);
}
