// regression: iq's tetrahedral normal `e.xyy * map(p + e.xyy) + e.yyx * map(p + e.yyx) + …` and `vec3(uv * 0.013 - 0.7, 0.9) + e.xyy` were computed as vectors; llvmpipe's NIR works on scalars, folds `(x - 0.7) + 0.002` to `x + -0.698` in each component and factors `-k * d1 + -k * d2` to `-k * (d1 + d2)` in the y component
// cause: Shade wrote a vector operation per component only where its scalars could be read again for free and its vector arguments were scalars; a scalar times a constant vector is now computed into a local first (`MesaScaledVectors`), and constructors with vector arguments are split (found in the ray marchers of the Shadertoy sample, whose normals differed by up to 1% on some pixels)
// size: 32x24
#version 300 es
precision highp float;
out vec4 colour;
float map(vec3 p) { return length(p) - 1.0 + sin(p.x * 3.0) * 0.1; }
vec3 normalAt(vec3 pos) {
    vec2 e = vec2(1, -1) * 0.002;
    return normalize(e.xyy * map(pos + e.xyy) + e.yyx * map(pos + e.yyx) + e.yxy * map(pos + e.yxy) + e.xxx * map(pos + e.xxx));
}
void main() {
    vec3 p = vec3(gl_FragCoord.xy * 0.013 - 0.7, 0.9);
    vec3 n = normalAt(p);
    colour = vec4(fract(n * 1048576.0), 1.0);
}
