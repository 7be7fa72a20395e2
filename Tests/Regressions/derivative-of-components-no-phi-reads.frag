// regression: a vector assigned in a branch, of which only one component is read after the `if`, was stored whole into its variable under the branch's mask, so a derivative in the branch differentiated, in the quad's lanes that did not take it, the variable's old value; llvmpipe's phis are scalar, so only that component is a phi's source and the others are values every lane computes
// cause: Shade's versions that give their value back to a variable read again (NIR's phi sources) were all or nothing; now only the components read again (and not constant) live in the variable's storage
// size: 48x32
#version 300 es
precision highp float;
precision highp int;
out vec4 colour;
void main() {
    vec2 uv = gl_FragCoord.xy / vec2(48.0, 32.0);
    vec3 dir = vec3(uv * 8.0, 1.0);
    vec4 r;
    if (uv.x + uv.y * 0.37 > 0.5) {
        dir = vec3(uv.yx * 24.0, 2.0);
        r = vec4(dFdx(dir.x) * 0.5, dFdy(dir.y) * 0.5, 0.0, 1.0);
    } else {
        r = vec4(dFdx(dir.x), dFdy(dir.y), 0.5, 1.0);
    }
    colour = r + vec4(0.0, 0.0, dir.z * 0.1, 0.0);
}
