precision mediump float;
uniform int u;
void main() {
    switch (u) { // error:
    }
    gl_FragColor = vec4(1.0);
}
