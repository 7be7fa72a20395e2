// covers: overlay blend with branches, with the two-input vertex shader
// shader: Shaders/Conformance/real-world/overlay-blend.frag
// vertex-shader: Shaders/Conformance/real-world/two-input.vert
// inputs: coffee ghost
