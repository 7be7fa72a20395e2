// Rec. 709 luminance, alpha kept: an oracle fixture written for Shade.
precision highp float;
varying vec2 textureCoordinate;
uniform sampler2D inputImageTexture;
void main()
{
    vec4 c = texture2D(inputImageTexture, textureCoordinate);
    gl_FragColor = vec4(vec3(dot(c.rgb, vec3(0.2125, 0.7154, 0.0721))), c.a);
}
