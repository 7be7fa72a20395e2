// covers: lessThan, greaterThan, equal, notEqual, any, all, not, bvec mixes
// inputs: astronaut
precision highp float;
varying vec2 textureCoordinate;
uniform sampler2D inputImageTexture;

// Channel comparisons as masks.
void main()
{
    vec4 c = texture2D(inputImageTexture, textureCoordinate);
    bvec3 lt = lessThan(c.rgb, vec3(0.5));
    bvec3 gt = greaterThan(c.rgb, c.gbr);
    bvec2 eq = equal(floor(c.rg * 4.0), floor(c.gb * 4.0));
    bvec2 ne = notEqual(floor(c.rg * 4.0), vec2(2.0));
    float a = any(lt) ? 1.0 : 0.0;
    float b = all(gt) ? 1.0 : 0.0;
    vec3 m = vec3(not(lt));
    gl_FragColor = vec4(m.r * 0.5 + a * 0.25 + b * 0.25, float(eq.x) * 0.5 + float(eq.y) * 0.25, float(ne.x) * 0.6 + float(ne.y) * 0.4, 0.5 + 0.5 * float(all(not(gt))));
}
