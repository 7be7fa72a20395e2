// covers: lowp brightness and contrast on soft alpha
// shader: Tests/Conformance/real-world/brightness-contrast.frag
// inputs: ghost
// uniforms: brightness=0.1 contrast=1.5
