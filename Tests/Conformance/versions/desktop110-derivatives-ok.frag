// expect: ok
#version 110
varying vec2 uv;
void main() {
    gl_FragColor = vec4(dFdx(uv), fwidth(uv));
}
