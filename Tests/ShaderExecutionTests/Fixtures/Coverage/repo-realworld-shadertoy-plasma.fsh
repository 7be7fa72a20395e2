// covers: plasma through mainImage (out parameter, iResolution)
// shader: Tests/Conformance/real-world/shadertoy-plasma.frag
// uniforms: iTime=1.7
