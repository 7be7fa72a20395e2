// covers: mediump Sobel through a function
// shader: Tests/Conformance/real-world/sobel-edge.frag
// inputs: coffee
// uniforms: edgeStrength=1.5
