// expect: ok
#if (1 + 2 * 3 == 7) && (10 / 3 == 3) && (10 % 3 == 1) && (1 << 4 == 16) && (~0 == -1)
void main() { gl_FragColor = vec4(1.0); }
#endif
