// regression: an integer literal among a float vector constructor's arguments (`vec3(h, 1, v)`), read back as a component, was taken as the float with the integer's bits (1.4e-45 for 1) once Shade learnt the constant components of local vectors (X3syWs's hsv2rgb saturation, Ds23RW's oklab lightness: pictures gone dark; a loss of the eighth session of 7 December found by the full run)
// cause: `MesaKnownValues.constantComponents` kept the literal's components without converting them as the constructor converts them
// size: 48x32
#version 300 es
precision highp float;
precision highp int;
out vec4 colour;
void main() {
    vec2 uv = gl_FragCoord.xy / vec2(48.0, 32.0);
    vec3 c = vec3(uv.x, 1, uv.y);
    vec3 rgb = clamp(abs(mod(c.x * 6.0 + vec3(0.0, 4.0, 2.0), 6.0) - 3.0) - 1.0, 0.0, 1.0);
    colour = vec4(c.z * mix(vec3(1.0), rgb, c.y) + c.y * 0.25, 1.0);
}
