// covers: the README's custom shader (length, sin, ?:, computed coordinates)
// shader: Examples/Shaders/Ripple.fsh
// inputs: coffee
// uniforms: frequency=40 amplitude=0.02
