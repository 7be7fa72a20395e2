// covers: lowp saturation, drawn through the transform vertex shader (rotated, scaled quad: uncovered corners)
// shader: Shaders/Conformance/real-world/saturation.frag
// vertex-shader: Shaders/Conformance/real-world/transform.vert
// inputs: astronaut
// uniforms: saturation=1.6 transformMatrix=0.8803328,0.1871205,0,0,-0.1871205,0.8803328,0,0,0,0,1,0,0.05,-0.03,0,1 orthographicMatrix=0.9,0,0,0,0,1,0,0,0,0,1,0,0,0,0,1
// tolerance: 1 (a few channels one step from llvmpipe, not from transcendentals; not yet explained)
