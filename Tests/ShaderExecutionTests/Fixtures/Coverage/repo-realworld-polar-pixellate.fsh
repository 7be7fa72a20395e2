// covers: polar pixellate (atan, mod, cos, sin)
// shader: Tests/Conformance/real-world/polar-pixellate.frag
// inputs: coffee
// uniforms: center=0.45,0.55 pixelSize=0.08,0.2
