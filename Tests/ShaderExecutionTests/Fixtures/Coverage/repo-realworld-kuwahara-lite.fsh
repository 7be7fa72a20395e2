// covers: two-quadrant Kuwahara (nested loops, variance)
// shader: Tests/Conformance/real-world/kuwahara-lite.frag
// inputs: astronaut
