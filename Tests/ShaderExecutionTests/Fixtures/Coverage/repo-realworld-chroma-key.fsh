// covers: chroma key to alpha (distance, smoothstep)
// shader: Tests/Conformance/real-world/chroma-key.frag
// inputs: chelsea
// uniforms: thresholdSensitivity=0.15 smoothing=0.1 colorToReplace=0.8,0.6,0.4
