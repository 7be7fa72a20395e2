// filter: adaptiveThreshold
// title: Adaptive threshold
// category: color
// summary: white where a pixel's luminance is above its local mean (box blur of the luminance) minus 0.05, black elsewhere
// formula: Y = luma(in); m = box_r * Y; out = step(m - 0.05, Y), r = round(blurRadiusInPixels)
// inputs: 1
// parameter: blurRadiusInPixels float default 4.0 range 0.0...64.0 -- radius of the local neighbourhood
// passes: 4
// pass: 1 grayscale input=input1
// pass: 2 boxBlur input=pass1 direction=1.0,0.0
// pass: 3 boxBlur input=pass2 direction=0.0,1.0
// pass: 4 self input=pass1,pass3
precision highp float;

varying vec2 textureCoordinate;
uniform sampler2D inputImageTexture;   // luminance
uniform sampler2D inputImageTexture2;  // local mean of the luminance

void main()
{
    vec4 luminance = texture2D(inputImageTexture, textureCoordinate);
    float localMean = texture2D(inputImageTexture2, textureCoordinate).r;
    gl_FragColor = vec4(vec3(step(localMean - 0.05, luminance.r)), 1.0);
}
