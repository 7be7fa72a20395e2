// covers: swirl (distance, sin, cos, branch)
// shader: Shaders/Conformance/real-world/swirl.frag
// inputs: chelsea
// uniforms: center=0.45,0.5 radius=0.4 angle=0.6
// tolerance: 1 (a few channels one step from llvmpipe, not from transcendentals; not yet explained)
