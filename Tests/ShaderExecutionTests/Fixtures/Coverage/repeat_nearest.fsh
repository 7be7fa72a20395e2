// covers: texture2D with GL_NEAREST and GL_REPEAT, tiling coordinates
// inputs: chelsea
// filter: nearest
// wrap: repeat
precision highp float;
varying vec2 textureCoordinate;
uniform sampler2D inputImageTexture;

// Tiles the image 2.5 times with an offset.
void main()
{
    gl_FragColor = texture2D(inputImageTexture, textureCoordinate * 2.5 - vec2(0.3, 0.7));
}
