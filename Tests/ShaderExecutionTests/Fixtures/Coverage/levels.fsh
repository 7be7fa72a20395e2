// covers: min, max, clamp, pow, mix (GPUImage levels)
// inputs: astronaut
// uniforms: levelMinimum=0.1,0.05,0.0 levelMiddle=1.2,1.0,0.8 levelMaximum=0.9,0.95,1.0 minOutput=0.0,0.1,0.0 maxOutput=1.0,0.9,1.0
precision highp float;
varying vec2 textureCoordinate;
uniform sampler2D inputImageTexture;

uniform vec3 levelMinimum;
uniform vec3 levelMiddle;
uniform vec3 levelMaximum;
uniform vec3 minOutput;
uniform vec3 maxOutput;
void main()
{
    vec4 c = texture2D(inputImageTexture, textureCoordinate);
    vec3 x = min(max(c.rgb - levelMinimum, vec3(0.0)) / (levelMaximum - levelMinimum), vec3(1.0));
    vec3 g = pow(x, 1.0 / levelMiddle);
    gl_FragColor = vec4(mix(minOutput, maxOutput, g), c.a);
}
