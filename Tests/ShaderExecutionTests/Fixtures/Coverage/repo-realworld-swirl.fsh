// covers: swirl (distance, sin, cos, branch)
// shader: Tests/Conformance/real-world/swirl.frag
// inputs: chelsea
// uniforms: center=0.45,0.5 radius=0.4 angle=0.6
