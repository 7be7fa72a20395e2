// expect: ok
#version 300 es
precision mediump float;
uniform sampler2D image;
uniform samplerCube sky;
in vec2 uv;
layout(location = 0) out vec4 color;
void main() {
    color = texture(image, uv) + textureLod(image, uv, 0.0) + texture(sky, vec3(uv, 1.0))
        + vec4(dFdx(uv.x), fwidth(uv.y), tanh(uv.x), round(uv.y));
}
