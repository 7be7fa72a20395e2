// covers: texture2DLod and texture2DProjLod in a vertex shader, varyings
// inputs: coffee
// vertex: vertex_lod.vsh
precision highp float;
varying vec2 textureCoordinate;
uniform sampler2D inputImageTexture;

varying vec4 cornerColor;
// The vertex stage samples the image at the corners; the fragment mixes that in.
void main()
{
    vec4 c = texture2D(inputImageTexture, textureCoordinate);
    gl_FragColor = vec4(mix(c.rgb, cornerColor.rgb, 0.5), 1.0);
}
