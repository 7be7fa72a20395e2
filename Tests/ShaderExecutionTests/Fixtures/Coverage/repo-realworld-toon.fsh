// covers: posterize with fwidth (#extension GL_OES_standard_derivatives)
// shader: Tests/Conformance/real-world/toon.frag
// inputs: coffee
// uniforms: threshold=0.2 quantizationLevels=6
