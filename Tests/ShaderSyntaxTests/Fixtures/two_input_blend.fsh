varying highp vec2 textureCoordinate;
varying highp vec2 textureCoordinate2;

uniform sampler2D inputImageTexture;
uniform sampler2D inputImageTexture2;

uniform lowp float mixturePercent;

mediump float blendOverlay(mediump float base, mediump float blend)
{
    return base < 0.5 ? (2.0 * base * blend) : (1.0 - 2.0 * (1.0 - base) * (1.0 - blend));
}

void main()
{
    lowp vec4 base = texture2D(inputImageTexture, textureCoordinate);
    lowp vec4 overlay = texture2D(inputImageTexture2, textureCoordinate2);

    mediump vec3 blended = vec3(
        blendOverlay(base.r, overlay.r),
        blendOverlay(base.g, overlay.g),
        blendOverlay(base.b, overlay.b));
    gl_FragColor = vec4(mix(base.rgb, blended, overlay.a * mixturePercent), base.a);
}
