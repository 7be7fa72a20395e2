// covers: matrixCompMult, mat2/mat3 products, matrix constructors
// inputs: coffee
// tolerance: 1 (a few channels one step from llvmpipe, not from transcendentals; not yet explained)
precision highp float;
varying vec2 textureCoordinate;
uniform sampler2D inputImageTexture;

// Matrix algebra on colours: component-wise products and chained transforms.
void main()
{
    vec4 c = texture2D(inputImageTexture, textureCoordinate);
    mat3 a = mat3(0.9, 0.1, 0.0, 0.05, 0.8, 0.15, 0.0, 0.2, 0.8);
    mat3 b = mat3(c.r, 0.5, 0.25, c.g, 1.0, 0.5, c.b, 0.25, 1.0);
    mat3 m = matrixCompMult(a, b) * a;
    mat2 r = mat2(cos(c.a), sin(c.a), -sin(c.a), cos(c.a));
    vec2 uv = r * (textureCoordinate - 0.5);
    vec3 t = m * c.rgb;
    gl_FragColor = vec4(t * 0.8, 0.5 + 0.5 * uv.x);
}
