// regression: a derivative in an `else` side read, in the quad's lanes that took the `then` side, what that side had stored, where llvmpipe (SSA: the else block reads the values from before the `if`) reads the values from before the branch; MtdyW8's background lookup sits in such an else, the single exit Mesa's return lowering makes (1% of its pixels off)
// cause: Shade ran both sides under masks over the same storage; the else side now sees the pre-branch values of what the then side stored, in every lane, and each lane gets its own values back after it
// size: 48x32
#version 300 es
precision highp float;
precision highp int;
out vec4 colour;
vec3 g;
float shade(vec2 uv) {
    vec3 dir = vec3(uv * 8.0, 1.0);
    if (uv.x + uv.y * 0.37 > 0.5) {
        dir = vec3(uv.yx * 24.0, 2.0);
        g = dir * 0.01;
        return dFdx(dir.x) * 0.5 + 0.25;
    } else {
        g = vec3(fwidth(dir.y), dFdy(dir.x) + 0.5, g.z + 0.25);
    }
    return dFdx(dir.x) + dFdy(dir.y);
}
void main() {
    vec2 uv = gl_FragCoord.xy / vec2(48.0, 32.0);
    float s = shade(uv);
    float t = uv.y * 3.0;
    if (fract(uv.x * 5.0 + uv.y * 2.0) < 0.4) {
        t = uv.x * 7.0;
        if (uv.y > 0.5) { t += 1.0; } else { t = t * 0.5; }
    } else {
        t = dFdx(t) + fwidth(t) * 0.5 + 0.1;
    }
    colour = vec4(s, g.x * 10.0, g.y, fract(t));
}
