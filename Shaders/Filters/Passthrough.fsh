// filter: passthrough
// title: Passthrough
// category: processing
// summary: copies the input unchanged (GPUImage's plain GPUImageFilter); useful as a chain's first or last operation
// formula: out = in
// inputs: 1
precision highp float;

varying vec2 textureCoordinate;
uniform sampler2D inputImageTexture;

void main()
{
    gl_FragColor = texture2D(inputImageTexture, textureCoordinate);
}
