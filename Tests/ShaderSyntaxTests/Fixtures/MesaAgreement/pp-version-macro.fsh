// expect: ok
#if __VERSION__ == 100 && GL_ES == 1 && GL_FRAGMENT_PRECISION_HIGH == 1
void main() { gl_FragColor = vec4(1.0); }
#endif
