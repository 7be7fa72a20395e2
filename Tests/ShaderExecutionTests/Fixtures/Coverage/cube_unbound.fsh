// covers: textureCube (no cube map bound: opaque black in GL and in Shade)
// inputs: chelsea
// glref: --uniform environment=5
// exception: glref.py cannot bind cube maps, so only the unbound case is compared here;
//   face selection and sampling of bound cube maps are tested in BuiltinTests.
precision highp float;
varying vec2 textureCoordinate;
uniform sampler2D inputImageTexture;

uniform samplerCube environment;
// A reflection lookup into an environment map that is not bound.
void main()
{
    vec4 c = texture2D(inputImageTexture, textureCoordinate);
    vec3 dir = normalize(vec3(textureCoordinate * 2.0 - 1.0, 0.7));
    vec4 e = textureCube(environment, dir);
    gl_FragColor = vec4(c.rgb * 0.5 + e.rgb, e.a * 0.5 + c.a * 0.5);
}
