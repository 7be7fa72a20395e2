// filter: unsharpMask
// title: Unsharp mask
// category: processing
// summary: sharpens by adding back the difference between the image and its Gaussian blur (Core Image's CIUnsharpMask)
// formula: rgb' = rgb + intensity (rgb - (G_sigma * in).rgb); alpha kept
// inputs: 1
// parameter: sigma float default 2.5 range 0.0...64.0 -- blur standard deviation in pixels (Core Image's inputRadius)
// parameter: intensity float default 0.5 range 0.0...4.0
// passes: 3
// pass: 1 gaussianBlur input=input1 direction=1.0,0.0
// pass: 2 gaussianBlur input=pass1 direction=0.0,1.0
// pass: 3 self input=input1,pass2
precision highp float;

varying vec2 textureCoordinate;
uniform sampler2D inputImageTexture;   // the original
uniform sampler2D inputImageTexture2;  // its blur
uniform float intensity;

void main()
{
    vec4 color = texture2D(inputImageTexture, textureCoordinate);
    vec4 blurred = texture2D(inputImageTexture2, textureCoordinate);
    gl_FragColor = vec4(color.rgb + intensity * (color.rgb - blurred.rgb), color.a);
}
