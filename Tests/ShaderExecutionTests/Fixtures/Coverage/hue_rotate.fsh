// covers: atan(y, x), sqrt, cos, sin, dot, radians
// inputs: astronaut
// uniforms: hueAdjustment=75.0
precision highp float;
varying vec2 textureCoordinate;
uniform sampler2D inputImageTexture;

uniform float hueAdjustment;
// GPUImage's hue filter: rotate the chroma in YIQ space.
const vec4 kRGBToYPrime = vec4(0.299, 0.587, 0.114, 0.0);
const vec4 kRGBToI = vec4(0.595716, -0.274453, -0.321263, 0.0);
const vec4 kRGBToQ = vec4(0.211456, -0.522591, 0.31135, 0.0);
const vec4 kYIQToR = vec4(1.0, 0.9563, 0.6210, 0.0);
const vec4 kYIQToG = vec4(1.0, -0.2721, -0.6474, 0.0);
const vec4 kYIQToB = vec4(1.0, -1.1070, 1.7046, 0.0);
void main()
{
    vec4 color = texture2D(inputImageTexture, textureCoordinate);
    float YPrime = dot(color, kRGBToYPrime);
    float I = dot(color, kRGBToI) + 1.0e-3;
    float Q = dot(color, kRGBToQ);
    float hue = atan(Q, I);
    float chroma = sqrt(I * I + Q * Q);
    hue += radians(hueAdjustment);
    Q = chroma * sin(hue);
    I = chroma * cos(hue);
    vec4 yIQ = vec4(YPrime, I, Q, 0.0);
    gl_FragColor = vec4(dot(yIQ, kYIQToR), dot(yIQ, kYIQToG), dot(yIQ, kYIQToB), color.a);
}
