// Benchmark: grayscale (one texture read, a dot product).
precision highp float;
varying vec2 textureCoordinate;
uniform sampler2D inputImageTexture;

void main()
{
    vec4 color = texture2D(inputImageTexture, textureCoordinate);
    gl_FragColor = vec4(vec3(dot(color.rgb, vec3(0.2125, 0.7154, 0.0721))), color.a);
}
