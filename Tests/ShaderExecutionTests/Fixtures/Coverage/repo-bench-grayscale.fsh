// covers: the Bench grayscale (dot)
// shader: Shaders/Bench/Grayscale.fsh
// inputs: chelsea
