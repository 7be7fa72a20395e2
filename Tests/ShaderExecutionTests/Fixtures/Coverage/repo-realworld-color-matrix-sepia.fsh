// covers: vec4 * lowp mat4
// shader: Tests/Conformance/real-world/color-matrix-sepia.frag
// inputs: astronaut
// uniforms: intensity=0.75 colorMatrix=0.3588,0.2990,0.2392,0.0,0.7044,0.5870,0.4696,0.0,0.1368,0.1140,0.0912,0.0,0.05,0.0,-0.05,1.0
