precision mediump float;
uniform sampler2D s;
void main() {
    vec4 r = texture2DProj(s, vec2(0.5)); // error: no matching overload
    gl_FragColor = r;
}
