// regression: a loop Mesa unrolls whose counter is read as a float (`float(j) * 0.37`) was left to the engines, which know the counter but not the tree rules: in NIR's copy of the body the counter is a constant that meets the constants around it, `(p + vec2(3.1, 4.0)) + 0.37` being `p + vec2(3.47, 4.37)` (dtGfDw's sample offsets, as found while bisecting it)
// cause: MesaLoopCopies wrote out only loops that carry a constant chain; it now also writes out those whose counter feeds a float
// size: 48x32
#version 300 es
precision highp float;
precision highp int;
out vec4 colour;
void main() {
    float s = 0.0, t = 0.0;
    for (int j = 0; j < 3; j++) {
        vec2 uv = (gl_FragCoord.xy / vec2(48.0, 32.0) - 0.5) * 16.0 + vec2(3.1, 4.0) + float(j) * 0.37;
        s += uv.x + uv.y;
    }
    for (float k = 1.0; k < 3.5; k += 1.0) {
        t += (gl_FragCoord.x * 0.7 + 0.123) - k * 0.05;
    }
    colour = vec4(fract(s * 262144.0), fract(t * 262144.0), fract(s * 1024.0), 1.0);
}
