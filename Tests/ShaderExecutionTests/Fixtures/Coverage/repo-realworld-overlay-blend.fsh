// covers: overlay blend with branches, with the two-input vertex shader
// shader: Tests/Conformance/real-world/overlay-blend.frag
// vertex-shader: Tests/Conformance/real-world/two-input.vert
// inputs: coffee ghost
