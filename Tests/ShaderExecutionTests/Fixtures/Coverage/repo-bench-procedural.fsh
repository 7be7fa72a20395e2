// covers: the Bench procedural pattern (sin, cos, fract, gl_FragCoord, loop)
// shader: Shaders/Bench/Procedural.fsh
// uniforms: u_time=0.9
