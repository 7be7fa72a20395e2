// covers: mat4 * vec4, mix, matrix uniforms
// inputs: astronaut
// uniforms: intensity=0.8 colorMatrix=0.3588,0.2990,0.2392,0.0,0.7044,0.5870,0.4696,0.0,0.1368,0.1140,0.0912,0.0,0.0,0.0,0.0,1.0
precision highp float;
varying vec2 textureCoordinate;
uniform sampler2D inputImageTexture;

uniform float intensity;
uniform mat4 colorMatrix;
// GPUImage's colour matrix filter with the sepia matrix.
void main()
{
    vec4 c = texture2D(inputImageTexture, textureCoordinate);
    vec4 outputColor = c * colorMatrix;
    gl_FragColor = (intensity * outputColor) + ((1.0 - intensity) * c);
}
