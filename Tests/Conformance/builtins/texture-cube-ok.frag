// expect: ok
precision mediump float;
uniform samplerCube cube;
varying vec2 textureCoordinate;
void main() {
    vec4 e = textureCube(cube, vec3(textureCoordinate, 1.0));
    vec4 f = textureCube(cube, vec3(1.0), 2.0);
    gl_FragColor = e + f;
}
