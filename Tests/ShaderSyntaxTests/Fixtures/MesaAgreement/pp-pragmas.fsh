// expect: ok
#pragma STDGL invariant(all)
#pragma debug(on)
#pragma optimize(off)
void main() { gl_FragColor = vec4(1.0); }
