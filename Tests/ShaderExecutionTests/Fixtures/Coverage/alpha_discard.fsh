// covers: discard on sprite alpha, premultiplied output
// inputs: ghost
precision highp float;
varying vec2 textureCoordinate;
uniform sampler2D inputImageTexture;

// Cut out a sprite: transparent texels are discarded (the target stays cleared).
void main()
{
    vec4 c = texture2D(inputImageTexture, textureCoordinate);
    if (c.a < 0.3) discard;
    gl_FragColor = vec4(c.rgb * c.a, c.a);
}
