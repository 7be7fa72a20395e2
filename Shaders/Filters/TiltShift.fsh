// filter: tiltShift
// title: Tilt shift
// category: processing
// summary: keeps a horizontal band in focus and blurs above and below it, for a miniature look
// formula: b = 1 - smoothstep(topFocusLevel - focusFallOffRate, topFocusLevel, y) + smoothstep(bottomFocusLevel, bottomFocusLevel + focusFallOffRate, y) (y = textureCoordinate.y, 0 at the top); out = mix(in, G_sigma * in, b)
// inputs: 1
// parameter: sigma float default 7.0 range 0.0...64.0 -- blur standard deviation in pixels
// parameter: topFocusLevel float default 0.4 range 0.0...1.0 -- top of the sharp band
// parameter: bottomFocusLevel float default 0.6 range 0.0...1.0 -- bottom of the sharp band
// parameter: focusFallOffRate float default 0.2 range 0.0...1.0 -- height of the transition
// passes: 3
// pass: 1 gaussianBlur input=input1 direction=1.0,0.0
// pass: 2 gaussianBlur input=pass1 direction=0.0,1.0
// pass: 3 self input=input1,pass2
precision highp float;

varying vec2 textureCoordinate;
uniform sampler2D inputImageTexture;   // the original
uniform sampler2D inputImageTexture2;  // its blur
uniform float topFocusLevel;
uniform float bottomFocusLevel;
uniform float focusFallOffRate;

void main()
{
    vec4 sharp = texture2D(inputImageTexture, textureCoordinate);
    vec4 blurred = texture2D(inputImageTexture2, textureCoordinate);
    float y = textureCoordinate.y;
    float amount = 1.0 - smoothstep(topFocusLevel - focusFallOffRate, topFocusLevel, y);
    amount += smoothstep(bottomFocusLevel, bottomFocusLevel + focusFallOffRate, y);
    gl_FragColor = mix(sharp, blurred, amount);
}
