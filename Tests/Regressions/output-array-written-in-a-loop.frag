// regression: an output array written at a loop index kept only the last iteration's element
// cause: outputs were declared at their first use, so the output's zero initialisation landed inside the loop body and ran every iteration; outputs are now declared before main's code
// size: 16x8
#version 300 es
precision highp float;
layout(location = 0) out vec4 c[2];
void main() {
    for (int i = 0; i < 2; i++) {
        c[i] = vec4(gl_FragCoord.x / 16.0, float(i) * 0.5 + 0.25, 0.5, 1.0);
    }
}
