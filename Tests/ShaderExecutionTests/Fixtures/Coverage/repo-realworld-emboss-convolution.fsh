// covers: mediump mat3 3x3 convolution, with the nearby-texel vertex shader
// shader: Tests/Conformance/real-world/emboss-convolution.frag
// vertex-shader: Tests/Conformance/real-world/nearby-texel-sampling.vert
// inputs: coffee
// uniforms: convolutionMatrix=-2,-1,0,-1,1,1,0,1,2
