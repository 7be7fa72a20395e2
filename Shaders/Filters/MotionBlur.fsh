// filter: motionBlur
// title: Motion blur
// category: processing
// summary: averages 9 samples along a line through the pixel, as if the camera moved during the exposure
// formula: d = blurSize (cos a, -sin a) pixels, a = blurAngle in degrees (counter-clockwise, 0 = horizontal); out = (1/9) sum_{k=-4..4} in(x + (k/4) d)
// inputs: 1
// parameter: blurSize float default 2.5 range 0.0...64.0 -- half-length of the streak in pixels
// parameter: blurAngle float default 0.0 range 0.0...360.0 -- degrees
// example: blurSize=8 blurAngle=30
precision highp float;

varying vec2 textureCoordinate;
uniform sampler2D inputImageTexture;
uniform float texelWidth;
uniform float texelHeight;
uniform float blurSize;
uniform float blurAngle;

void main()
{
    float a = radians(blurAngle);
    // y grows downwards in texture space, so a counter-clockwise angle has a negative y step.
    vec2 stepSize = 0.25 * blurSize * vec2(cos(a) * texelWidth, -sin(a) * texelHeight);
    vec4 sum = vec4(0.0);
    for (int k = -4; k <= 4; k++) {
        sum += texture2D(inputImageTexture, textureCoordinate + float(k) * stepSize);
    }
    gl_FragColor = sum / 9.0;
}
