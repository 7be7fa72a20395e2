// covers: halftone dots (mod, distance, step)
// shader: Tests/Conformance/real-world/halftone.frag
// inputs: coffee
// uniforms: fractionalWidthOfPixel=0.06 aspectRatio=0.75 dotScaling=1.3
