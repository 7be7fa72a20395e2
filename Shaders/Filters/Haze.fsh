// filter: haze
// title: Haze
// category: color
// summary: adds or removes a white haze whose strength varies linearly down the image
// formula: d = textureCoordinate.y * slope + distance; rgb' = (rgb - d) / (1 - d)
// inputs: 1
// parameter: distance float default 0.0 range -0.3...0.3 -- haze strength at the top; negative removes haze
// parameter: slope float default 0.0 range -0.3...0.3 -- change of strength from top to bottom
// example: distance=0.2 slope=-0.1
precision highp float;

varying vec2 textureCoordinate;
uniform sampler2D inputImageTexture;
uniform float distance;
uniform float slope;

void main()
{
    vec4 color = texture2D(inputImageTexture, textureCoordinate);
    float d = textureCoordinate.y * slope + distance;
    gl_FragColor = vec4((color.rgb - vec3(d)) / (1.0 - d), color.a);
}
