// covers: two-quadrant Kuwahara (nested loops, variance)
// shader: Shaders/Conformance/real-world/kuwahara-lite.frag
// inputs: astronaut
