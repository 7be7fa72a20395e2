// filter: highPass
// title: High-pass filter
// category: processing
// summary: keeps high spatial frequencies: the image minus its Gaussian blur, around mid grey (Photoshop's High Pass)
// formula: rgb' = rgb - (G_sigma * in).rgb + 0.5; alpha kept
// inputs: 1
// parameter: sigma float default 4.0 range 0.0...64.0 -- standard deviation in pixels of the removed low-pass part
// passes: 3
// pass: 1 gaussianBlur input=input1 direction=1.0,0.0
// pass: 2 gaussianBlur input=pass1 direction=0.0,1.0
// pass: 3 self input=input1,pass2
precision highp float;

varying vec2 textureCoordinate;
uniform sampler2D inputImageTexture;   // the original
uniform sampler2D inputImageTexture2;  // its blur
uniform float sigma;

void main()
{
    vec4 color = texture2D(inputImageTexture, textureCoordinate);
    vec4 blurred = texture2D(inputImageTexture2, textureCoordinate);
    gl_FragColor = vec4(color.rgb - blurred.rgb + vec3(0.5), color.a);
}
