precision highp float;
varying vec2 textureCoordinate;
uniform sampler2D inputImageTexture;
uniform sampler2D inputImageTexture2;

// texture2DProj with vec3 and vec4 coordinates, two inputs, bool vectors, discard in a branch.
void main() {
    vec3 p3 = vec3(textureCoordinate * 1.5, 1.5);
    vec4 p4 = vec4(textureCoordinate * 0.8, 0.0, 0.8);
    vec4 a = texture2DProj(inputImageTexture, p3);
    vec4 b = texture2DProj(inputImageTexture2, p4);
    bvec2 big = greaterThan(textureCoordinate, vec2(0.7, 0.8));
    if (all(big)) discard;
    gl_FragColor = any(big) ? vec4(b.rgb, 1.0) : vec4(mix(a.rgb, b.rgb, 0.25), a.a);
}
