// regression: f(b, -f(true, 1.0)): the inner call rebound the outer call's first parameter
// cause: parameters were bound while the remaining arguments were still being lowered
// found by: shade difftest --seed 18449, shrunk
// size: 8x8
// inputs: 0
// uniforms: 
precision highp float;
precision highp int;
varying vec2 textureCoordinate;
float f7(bool p8, float p9) {
    return (p8 ? 1.0 : p9);
}
void main() {
    vec3 v11 = vec3(1.0);
    float v12 = ++v11.z;
    for (int i16 = 0; i16 < 1; i16++) {
        v12 = f7(bool(i16), (-f7(true, 1.0)));
    }
    vec4 shadeColor = vec4(0.0);
    shadeColor += vec4(v11.x, v11.y, v11.z, v12);
    shadeColor *= 0.125;
    gl_FragColor = vec4(0.5) + 0.5 * shadeColor / (abs(shadeColor) + 1.0);
}
