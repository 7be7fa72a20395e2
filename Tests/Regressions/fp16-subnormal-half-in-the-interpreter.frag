// profile: gles3-minimum
// size: 16x16
// inputs: 1
// uniforms: u2=0.0,0.0,-0.875,-1.5
// shade difftest --profile gles3-minimum --precision mediump, seed 9400237: v6.w is an fp16
// subnormal (-3.6e-5); the interpreter rounded through Swift's Float16, whose conversions
// read half subnormals as zero under the denormal flushing it runs with, so 0.0 <= v6.w
// came out true there and false in the executor.
precision mediump float;
uniform vec4 u2;
uniform sampler2D inputImageTexture;
varying vec2 textureCoordinate;
void main() {
    lowp vec4 v6 = u2;
    v6 *= mat4(1.0, 1.0, 1.0, 1.0, 1.0, 0.5, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, (-0.5),
               texture2D(inputImageTexture, textureCoordinate * 0.25 + 0.125).z) * 0.00390625;
    bvec3 below = lessThanEqual(u2.yyx, v6.wzy);
    gl_FragColor = vec4(below.x ? 1.0 : 0.0, below.y ? 1.0 : 0.0, 0.5 + v6.w * 1000.0, 1.0);
}
