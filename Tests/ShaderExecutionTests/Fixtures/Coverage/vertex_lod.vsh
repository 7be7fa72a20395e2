attribute vec4 position;
attribute vec4 inputTextureCoordinate;
uniform sampler2D inputImageTexture;
varying vec2 textureCoordinate;
varying vec4 cornerColor;
// Samples the image at this corner with texture2DLod and texture2DProjLod.
void main()
{
    gl_Position = position;
    textureCoordinate = inputTextureCoordinate.xy;
    vec2 inset = inputTextureCoordinate.xy * 0.5 + 0.25;
    vec4 a = texture2DLod(inputImageTexture, inset, 0.0);
    vec4 b = texture2DProjLod(inputImageTexture, vec3(inset * 2.0, 2.0), 0.0);
    cornerColor = mix(a, b, 0.5);
}
