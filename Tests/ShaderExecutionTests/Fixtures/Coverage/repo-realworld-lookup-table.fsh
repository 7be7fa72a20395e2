// covers: GPUImage's 512x512 colour lookup (floor, ceil, fract, dependent reads)
// shader: Tests/Conformance/real-world/lookup-table.frag
// inputs: coffee Tests/References/Inputs/lookup-512.png
// uniforms: intensity=0.85
