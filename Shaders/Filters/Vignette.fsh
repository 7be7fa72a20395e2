// Vignette: darkens towards the edges. Between vignetteStart and vignetteEnd (distances from
// vignetteCenter in texture space) the colour fades to vignetteColor with smoothstep.
precision highp float;

varying vec2 textureCoordinate;
uniform sampler2D inputImageTexture;
uniform vec2 vignetteCenter;
uniform vec3 vignetteColor;
uniform float vignetteStart;
uniform float vignetteEnd;

void main()
{
    vec4 color = texture2D(inputImageTexture, textureCoordinate);
    float d = distance(textureCoordinate, vignetteCenter);
    float amount = smoothstep(vignetteStart, vignetteEnd, d);
    gl_FragColor = vec4(mix(color.rgb, vignetteColor, amount), color.a);
}
