// expect: ok
precision mediump float;
struct L { vec3 c; };
uniform L lights[2];
void main() {
    L local[2];
    local[0] = lights[0];
    local[1].c = lights[1].c * 0.5;
    gl_FragColor = vec4(local[0].c + local[1].c, 1.0);
}
