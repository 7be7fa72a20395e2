// expect: error 2 (mesa: preprocessor error: Built-in (pre-defined) names beginning with GL_ cannot be undefined.)
#undef GL_ES
void main() { gl_FragColor = vec4(1.0); }
