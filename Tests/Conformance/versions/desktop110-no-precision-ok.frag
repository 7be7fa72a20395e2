// expect: ok
#version 110
uniform sampler2D tex;
void main() {
    vec2 uv = gl_TexCoord[0].st;
    gl_FragColor = texture2D(tex, uv) * gl_Color;
}
