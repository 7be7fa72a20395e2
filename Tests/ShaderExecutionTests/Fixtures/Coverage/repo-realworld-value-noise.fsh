// covers: value-noise fbm (fract(sin) hash, mat2, #ifdef GL_FRAGMENT_PRECISION_HIGH)
// shader: Tests/Conformance/real-world/value-noise.frag
// uniforms: u_time=3.0
// exception: the hash fract(sin(x) * 43758.5453) lands within a few ulps of an integer at
//   lattice corners these pixels use (e.g. sin(-1044.0) * 43758.5453 = -36613.0), so an ulp
//   between llvmpipe's sin and Shade's (which agrees with correctly rounded fp32 sin, checked
//   with numpy) flips the hash between 0 and 1: 6 pixels off by up to 5/255. Every other pixel
//   is within 1/255.
// outliers: 6
