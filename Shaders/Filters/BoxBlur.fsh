// filter: boxBlur
// title: Box blur
// category: processing
// summary: separable mean filter over a (2r+1) x (2r+1) square, r = round(blurRadiusInPixels)
// formula: out(x) = (1 / (2r + 1)) sum_{|k| <= r} in(x + k d), d = one texel along direction, applied horizontally then vertically
// inputs: 1
// parameter: blurRadiusInPixels float default 4.0 range 0.0...64.0 -- half-width of the square in pixels
// passes: 2
// pass: 1 self input=input1 direction=1.0,0.0
// pass: 2 self input=pass1 direction=0.0,1.0
precision highp float;

varying vec2 textureCoordinate;
uniform sampler2D inputImageTexture;
uniform float texelWidth;
uniform float texelHeight;
uniform float blurRadiusInPixels;
uniform vec2 direction; // set per pass: (1, 0) horizontal, (0, 1) vertical

const int maxRadius = 64;

void main()
{
    vec2 stepSize = direction * vec2(texelWidth, texelHeight);
    int radius = int(floor(blurRadiusInPixels + 0.5));
    vec4 sum = texture2D(inputImageTexture, textureCoordinate);
    for (int i = 1; i <= maxRadius; i++) {
        if (i > radius) {
            break;
        }
        vec2 offset = float(i) * stepSize;
        sum += texture2D(inputImageTexture, textureCoordinate - offset);
        sum += texture2D(inputImageTexture, textureCoordinate + offset);
    }
    gl_FragColor = sum / float(2 * radius + 1);
}
