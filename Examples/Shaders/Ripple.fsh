// A custom shader for the README: concentric ripples that displace the photo around its
// centre, darkening the troughs. Run it with
//   shade run --fragment Examples/Shaders/Ripple.fsh --input Examples/Images/coffee.png \
//       --uniform frequency=40 --uniform amplitude=0.01 -o ripple.png
precision highp float;

varying vec2 textureCoordinate;
uniform sampler2D inputImageTexture;
uniform float frequency;
uniform float amplitude;

void main()
{
    vec2 offset = textureCoordinate - vec2(0.5);
    float radius = length(offset);
    float wave = sin(radius * frequency);
    vec2 direction = radius > 0.0 ? offset / radius : vec2(0.0);
    vec4 color = texture2D(inputImageTexture, textureCoordinate + direction * wave * amplitude);
    gl_FragColor = vec4(color.rgb * (0.85 + 0.15 * wave), color.a);
}
