// vertex: passthrough
// summary: the default vertex shader of every filter: the full-screen quad, one texture coordinate per input
// (filters with two inputs use TwoInputPassthrough.vsh; both are implied, a filter names neither)
attribute vec4 position;
attribute vec4 inputTextureCoordinate;
varying vec2 textureCoordinate;

void main()
{
    gl_Position = position;
    textureCoordinate = inputTextureCoordinate.xy;
}
