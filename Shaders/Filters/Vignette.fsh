// filter: vignette
// title: Vignette
// category: effect
// summary: fades the picture towards vignetteColor away from vignetteCenter, between the distances vignetteStart and vignetteEnd
// formula: d = distance(textureCoordinate, vignetteCenter) in texture units; rgb' = mix(rgb, vignetteColor, smoothstep(vignetteStart, vignetteEnd, d)); alpha kept
// inputs: 1
// parameter: vignetteCenter vec2 default 0.5,0.5 range 0.0...1.0 -- texture coordinates (y down)
// parameter: vignetteColor color default 0.0,0.0,0.0
// parameter: vignetteStart float default 0.3 range 0.0...1.0
// parameter: vignetteEnd float default 0.75 range 0.0...1.0
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
