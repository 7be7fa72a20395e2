// filter: zoomBlur
// title: Zoom blur
// category: processing
// summary: averages 9 samples along the line towards blurCenter, as if zooming during the exposure
// formula: d = (blurCenter - textureCoordinate) * blurSize / 100; out = (1/9) sum_{k=-4..4} in(textureCoordinate + k d)
// inputs: 1
// parameter: blurCenter vec2 default 0.5,0.5 range 0.0...1.0 -- in texture coordinates (y down)
// parameter: blurSize float default 1.0 range 0.0...10.0
// example: blurSize=3
precision highp float;

varying vec2 textureCoordinate;
uniform sampler2D inputImageTexture;
uniform vec2 blurCenter;
uniform float blurSize;

void main()
{
    vec2 stepSize = (blurCenter - textureCoordinate) * (blurSize / 100.0);
    vec4 sum = vec4(0.0);
    for (int k = -4; k <= 4; k++) {
        sum += texture2D(inputImageTexture, textureCoordinate + float(k) * stepSize);
    }
    gl_FragColor = sum / 9.0;
}
