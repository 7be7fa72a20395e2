// expect: ok (mesa warns: preprocessor warning: Macro names containing "__" are reserved for use by the implementation.)
#ifndef __COMMON__
#define __COMMON__
#endif
void main() { gl_FragColor = vec4(1.0); }
