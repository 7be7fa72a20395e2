// covers: cross, distance, length, faceforward with a flipped normal
// inputs: chelsea
// tolerance: 1 (a few channels one step from llvmpipe, not from transcendentals; not yet explained)
precision highp float;
varying vec2 textureCoordinate;
uniform sampler2D inputImageTexture;

// Colour vectors: their cross product with a reference and their distance to it.
void main()
{
    vec4 c = texture2D(inputImageTexture, textureCoordinate);
    vec3 ref = vec3(0.6, 0.4, 0.2);
    vec3 x = cross(c.rgb - 0.5, ref);
    float d = distance(c.rgb, ref);
    vec3 f = faceforward(vec3(0.3, 0.2, 0.1), vec3(c.r - 0.5, 0.0, 0.0), vec3(1.0, 0.0, 0.0));
    gl_FragColor = vec4(0.5 + x.x, 0.5 + x.y, d / 1.5, 0.5 + f.x);
}
