// covers: lessThanEqual, greaterThanEqual, ivec/bvec comparisons
// inputs: coffee
precision highp float;
varying vec2 textureCoordinate;
uniform sampler2D inputImageTexture;

// Inclusive comparisons on quantised channels and integer vectors.
void main()
{
    vec4 c = texture2D(inputImageTexture, textureCoordinate);
    vec3 q = floor(c.rgb * 5.0) / 5.0;
    bvec3 le = lessThanEqual(q, vec3(0.4, 0.6, 0.2));
    ivec2 i = ivec2(c.rg * 10.0);
    bvec2 ge = greaterThanEqual(i, ivec2(5, 3));
    bvec2 ieq = equal(i, ivec2(4));
    gl_FragColor = vec4(vec3(le) * 0.7 + q * 0.3, float(ge.x) * 0.5 + float(ge.y) * 0.3 + float(any(ieq)) * 0.2);
}
