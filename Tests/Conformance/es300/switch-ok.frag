// expect: ok
#version 300 es
precision mediump float;
uniform int mode;
out vec4 color;
void main() {
    float c = 0.0;
    for (int i = 0; i < 4; i++) {
        switch (mode + i) {
        case 0: c += 0.1; break;
        case 1:
        case 2: c += 0.2;
        default: c += 0.05; continue;
        }
        c += 1.0;
    }
    color = vec4(c);
}
