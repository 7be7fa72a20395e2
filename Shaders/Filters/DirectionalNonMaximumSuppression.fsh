// filter: directionalNonMaximumSuppression
// title: Directional non-maximum suppression
// category: processing
// summary: keeps gradient maxima along the gradient direction and classifies them as strong (1), weak (0.5) or none (0); input is directionalSobelEdgeDetection's output
// formula: n = (g, b) * 2 - 1 rounded to one of 8 directions (a component counts when |n_i| > sin 22.5 deg); m = r; keep where m >= r(x + n) and m >= r(x - n); out = keep ? (m >= upperThreshold ? 1 : m >= lowerThreshold ? 0.5 : 0) : 0, alpha 1
// inputs: 1
// parameter: upperThreshold float default 0.4 range 0.0...1.0 -- strong-edge gradient magnitude
// parameter: lowerThreshold float default 0.1 range 0.0...1.0 -- weak-edge gradient magnitude
precision highp float;

varying vec2 textureCoordinate;
uniform sampler2D inputImageTexture;
uniform float texelWidth;
uniform float texelHeight;
uniform float upperThreshold;
uniform float lowerThreshold;

void main()
{
    vec4 gradient = texture2D(inputImageTexture, textureCoordinate);
    vec2 n = gradient.gb * 2.0 - 1.0;
    vec2 stepDirection = sign(n) * step(vec2(0.38268343), abs(n));
    vec2 offset = stepDirection * vec2(texelWidth, texelHeight);
    float m = gradient.r;
    float ahead = texture2D(inputImageTexture, textureCoordinate + offset).r;
    float behind = texture2D(inputImageTexture, textureCoordinate - offset).r;
    float isMaximum = step(ahead, m) * step(behind, m);
    float strength = m >= upperThreshold ? 1.0 : (m >= lowerThreshold ? 0.5 : 0.0);
    gl_FragColor = vec4(vec3(isMaximum * strength), 1.0);
}
