// covers: Mandelbrot (loop with break, palette cos)
// shader: Tests/Conformance/real-world/shadertoy-mandelbrot.frag
// uniforms: u_time=2.5
// exception: the escape count is chaotic next to the set's boundary: at (51, 20) and its mirror
//   (51, 27) llvmpipe escapes after 91 iterations, Shade after 93, which is what plain fp32 in
//   source order gives (checked with numpy); llvmpipe's compiler may reassociate and fuse
//   z.x*z.x - z.y*z.y + uv.x (GLSL ES leaves that free), and over 90 iterations one rounding
//   difference grows into escapes two iterations apart. Every other pixel is within 1/255.
// outliers: 2
// tolerance: 1 (a few channels one step from llvmpipe, not from transcendentals; not yet explained)
