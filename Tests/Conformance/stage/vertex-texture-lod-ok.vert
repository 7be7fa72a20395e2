// expect: ok
attribute vec4 position;
uniform sampler2D heights;
uniform samplerCube env;
varying vec4 color;
void main() {
    vec4 h = texture2DLod(heights, position.xy, 0.0) + texture2DProjLod(heights, position.xyz, 1.0);
    vec4 e = textureCubeLod(env, position.xyz, 0.0) + texture2D(heights, position.xy);
    color = h + e;
    gl_Position = position;
}
