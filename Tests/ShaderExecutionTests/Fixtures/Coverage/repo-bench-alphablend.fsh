// covers: the Bench two-input alpha blend (mix by the overlay's alpha)
// shader: Shaders/Bench/AlphaBlend.fsh
// inputs: coffee ghost
// uniforms: mixturePercent=0.7
