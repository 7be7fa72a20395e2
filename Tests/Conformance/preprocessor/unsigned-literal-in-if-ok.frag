// expect: ok
#version 300 es
// `#if` reads integer literals with a `u` suffix (Mesa's preprocessor does; Shadertoy XcsGW7
// writes `#define renderSegmentsMax (26u)` then `#if (renderSegmentsMax % 2u != 0u)`).
precision highp float;
#define SEGMENTS (26u)
#if (SEGMENTS % 2u != 0u) || (SEGMENTS < 1u)
#error odd or empty
#endif
out vec4 color;
void main() { color = vec4(1.0); }
