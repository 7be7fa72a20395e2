// covers: plasma through mainImage (out parameter, iResolution)
// shader: Shaders/Conformance/real-world/shadertoy-plasma.frag
// uniforms: iTime=1.7
