// expect: ok
attribute vec4 position;
attribute vec4 inputTextureCoordinate;
attribute mat2 rotation;
uniform mat4 transformMatrix;
varying vec2 textureCoordinate;
varying float shade[2];
void main() {
    gl_Position = transformMatrix * position;
    gl_PointSize = 1.0;
    textureCoordinate = rotation * inputTextureCoordinate.xy;
    shade[0] = 1.0;
    shade[1] = 0.5;
}
