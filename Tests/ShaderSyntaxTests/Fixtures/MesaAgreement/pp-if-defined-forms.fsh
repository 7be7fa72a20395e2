// expect: ok
#if defined(GL_ES) && defined GL_ES && !defined(NOPE)
void main() { gl_FragColor = vec4(1.0); }
#endif
