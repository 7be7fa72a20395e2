// covers: diagonal 9-tap blur
// shader: Tests/Conformance/real-world/gaussian-blur-9tap.frag
// inputs: chelsea
