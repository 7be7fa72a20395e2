// covers: lowp vignette (distance, smoothstep, mix), with the passthrough vertex shader
// shader: Tests/Conformance/real-world/vignette.frag
// vertex-shader: Tests/Conformance/real-world/passthrough.vert
// inputs: coffee
// uniforms: vignetteCenter=0.55,0.45 vignetteColor=0.2,0.1,0.3 vignetteStart=0.2 vignetteEnd=0.7
