// covers: lowp brightness and contrast on soft alpha
// shader: Tests/Conformance/real-world/brightness-contrast.frag
// inputs: ghost
// uniforms: brightness=0.1 contrast=1.5
// tolerance: 1 (a few channels one step from llvmpipe, not from transcendentals; not yet explained)
