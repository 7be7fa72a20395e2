// expect: ok
// A GPUImage-style brightness + contrast adjustment.
varying highp vec2 textureCoordinate;
uniform sampler2D inputImageTexture;
uniform lowp float brightness;
uniform lowp float contrast;
void main()
{
    lowp vec4 textureColor = texture2D(inputImageTexture, textureCoordinate);
    lowp vec3 adjusted = textureColor.rgb + vec3(brightness);
    gl_FragColor = vec4((adjusted - vec3(0.5)) * contrast + vec3(0.5), textureColor.w);
}
