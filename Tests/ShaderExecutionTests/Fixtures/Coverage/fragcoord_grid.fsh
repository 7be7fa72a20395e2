// covers: gl_FragCoord, mod, step, u_resolution
// inputs: chelsea
precision highp float;
varying vec2 textureCoordinate;
uniform sampler2D inputImageTexture;
uniform vec2 u_resolution;
// A pixel grid from gl_FragCoord over the photo.
void main()
{
    vec2 p = gl_FragCoord.xy;
    vec2 cell = step(vec2(7.0), mod(p, vec2(8.0)));
    vec4 c = texture2D(inputImageTexture, p / u_resolution);
    gl_FragColor = vec4(c.rgb * (1.0 - 0.5 * max(cell.x, cell.y)), 1.0);
}
