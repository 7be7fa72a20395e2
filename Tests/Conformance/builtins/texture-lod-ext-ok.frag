// expect: ok
// mesa-differs: llvmpipe does not support GL_EXT_shader_texture_lod
#extension GL_EXT_shader_texture_lod : enable
precision mediump float;
uniform sampler2D inputImageTexture;
uniform samplerCube cube;
void main() {
    vec4 a = texture2DLodEXT(inputImageTexture, vec2(0.5), 1.0);
    vec4 b = texture2DProjLodEXT(inputImageTexture, vec3(0.5), 1.0);
    vec4 c = textureCubeLodEXT(cube, vec3(0.5), 0.0);
    vec4 d = texture2DGradEXT(inputImageTexture, vec2(0.5), vec2(0.01), vec2(0.01));
    gl_FragColor = a + b + c + d;
}
