// expect: ok
attribute vec3 a_position;
attribute vec3 a_normal;
attribute vec2 a_uv;
uniform mat4 u_mvp;
uniform mat3 u_normalMatrix;
uniform vec3 u_lightDir;
varying vec2 v_uv;
varying float v_light;
void main() {
    vec3 n = normalize(u_normalMatrix * a_normal);
    v_light = max(dot(n, -normalize(u_lightDir)), 0.0) * 0.8 + 0.2;
    v_uv = a_uv;
    gl_Position = u_mvp * vec4(a_position, 1.0);
    gl_PointSize = 2.0;
}
