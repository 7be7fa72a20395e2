precision highp float;

attribute vec3 aPosition;
attribute vec3 aNormal;
attribute vec2 aTexCoord;

uniform mat4 uModelViewMatrix;
uniform mat4 uProjectionMatrix;
uniform mat3 uNormalMatrix;

varying vec3 vNormal;
varying vec3 vViewPosition;
varying vec2 vTexCoord;
invariant gl_Position;

void main(void) {
    vec4 mvPosition = uModelViewMatrix * vec4(aPosition, 1.0);
    vViewPosition = -mvPosition.xyz;
    vNormal = normalize(uNormalMatrix * aNormal);
    vTexCoord = aTexCoord;
    gl_PointSize = 1.0;
    gl_Position = uProjectionMatrix * mvPosition;
}
