// covers: for loops with constant bounds, uniform arrays, dynamic indexing
// inputs: chelsea
// uniforms: weights=0.05,0.1,0.2,0.3,0.2,0.1,0.05
precision highp float;
varying vec2 textureCoordinate;
uniform sampler2D inputImageTexture;

uniform float texelHeight;
uniform float weights[7];
// A 7-tap vertical convolution written as a loop over a weight array.
void main()
{
    vec4 sum = vec4(0.0);
    for (int i = 0; i < 7; i++) {
        sum += texture2D(inputImageTexture, textureCoordinate + vec2(0.0, float(i - 3) * texelHeight)) * weights[i];
    }
    gl_FragColor = sum;
}
