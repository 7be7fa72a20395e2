// covers: the Bench 9-tap Gaussian along x
// shader: Shaders/Bench/Gaussian9.fsh
// inputs: astronaut
