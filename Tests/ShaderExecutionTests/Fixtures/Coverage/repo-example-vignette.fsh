// covers: lesson 3's vignette (mediump; distance, smoothstep)
// shader: Examples/03-TestingShaders/Shaders/Vignette.fsh
// inputs: chelsea
// uniforms: radius=0.25 softness=0.3
