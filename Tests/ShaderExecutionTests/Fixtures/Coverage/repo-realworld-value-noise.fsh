// covers: value-noise fbm (fract(sin) hash, mat2, #ifdef GL_FRAGMENT_PRECISION_HIGH)
// shader: Tests/Conformance/real-world/value-noise.frag
// uniforms: u_time=3.0
