// filter: radialGradient
// title: Radial gradient
// category: generator
// summary: concentric ramp from color0 at radius0 to color1 at radius1 around center (circles, not ellipses, on any aspect ratio)
// formula: d = |p - center| in units of the output width; t = clamp((d - radius0) / (radius1 - radius0), 0, 1); out = mix(color0, color1, t)
// inputs: 0
// output: given default 160x120
// parameter: center vec2 default 0.5,0.5 range 0.0...1.0 -- texture coordinates
// parameter: radius0 float default 0.0 range 0.0...2.0 -- fraction of the width
// parameter: radius1 float default 0.5 range 0.0...2.0 -- fraction of the width
// parameter: color0 color default 1.0,1.0,1.0,1.0
// parameter: color1 color default 0.0,0.0,0.0,1.0
precision highp float;

varying vec2 textureCoordinate;
uniform float texelWidth;
uniform float texelHeight;
uniform vec2 center;
uniform float radius0;
uniform float radius1;
uniform vec4 color0;
uniform vec4 color1;

void main()
{
    vec2 aspect = vec2(1.0, texelWidth / texelHeight);
    float d = length((textureCoordinate - center) * aspect);
    float t = clamp((d - radius0) / (radius1 - radius0), 0.0, 1.0);
    gl_FragColor = mix(color0, color1, t);
}
