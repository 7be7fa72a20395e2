// expect: ok
#undef NEVER_DEFINED
void main() { gl_FragColor = vec4(1.0); }
