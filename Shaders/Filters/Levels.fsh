// filter: levels
// title: Levels
// category: color
// summary: Photoshop-style levels per channel: input black/white points, mid-tone gamma, output range
// formula: t = clamp((rgb - levelMinimum) / (levelMaximum - levelMinimum), 0, 1); rgb' = mix(minOutput, maxOutput, pow(t, 1 / levelMiddle))
// inputs: 1
// parameter: levelMinimum vec3 default 0.0,0.0,0.0 range 0.0...1.0 -- input black point
// parameter: levelMiddle vec3 default 1.0,1.0,1.0 range 0.1...10.0 -- mid-tone gamma (> 1 brightens)
// parameter: levelMaximum vec3 default 1.0,1.0,1.0 range 0.0...1.0 -- input white point
// parameter: minOutput vec3 default 0.0,0.0,0.0 range 0.0...1.0 -- output black
// parameter: maxOutput vec3 default 1.0,1.0,1.0 range 0.0...1.0 -- output white
// example: levelMinimum=0.1,0.1,0.1 levelMiddle=1.3,1.3,1.3 levelMaximum=0.9,0.9,0.9
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
    vec4 color = texture2D(inputImageTexture, textureCoordinate);
    vec3 t = clamp((color.rgb - levelMinimum) / (levelMaximum - levelMinimum), 0.0, 1.0);
    vec3 curved = pow(t, vec3(1.0) / levelMiddle);
    gl_FragColor = vec4(mix(minOutput, maxOutput, curved), color.a);
}
