// covers: sphere-box raymarcher (structs, loops, normalize, pow)
// shader: Tests/Conformance/real-world/shadertoy-raymarch.frag
// uniforms: iTime=0.8
