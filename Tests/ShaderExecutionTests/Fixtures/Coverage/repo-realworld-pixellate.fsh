// covers: pixellate (mod)
// shader: Tests/Conformance/real-world/pixellate.frag
// inputs: chelsea
// uniforms: fractionalWidthOfPixel=0.07 aspectRatio=0.75
