#version 130
uniform mat3 m;
void main() {
    vec3 v = modf(m[1], m[2]); // error: 'm' is a uniform and cannot be assigned
    gl_FragColor = vec4(inverse(m)[0], 1.0); // error: 'inverse' is not available in GLSL 1.30
}
