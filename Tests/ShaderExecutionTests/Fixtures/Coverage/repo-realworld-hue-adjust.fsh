// covers: YIQ hue rotation (atan, sqrt, sin, cos)
// shader: Tests/Conformance/real-world/hue-adjust.frag
// inputs: astronaut
// uniforms: hueAdjust=1.1
