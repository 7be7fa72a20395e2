// covers: texture2DProj(sampler, vec3)
// inputs: astronaut
precision highp float;
varying vec2 textureCoordinate;
uniform sampler2D inputImageTexture;

// Projective sampling: a keystone warp.
void main()
{
    float q = 1.0 + 0.6 * textureCoordinate.y;
    vec3 p = vec3((textureCoordinate.x - 0.5) * 0.8 + 0.5 * q, textureCoordinate.y, q);
    gl_FragColor = texture2DProj(inputImageTexture, p);
}
