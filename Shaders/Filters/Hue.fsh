// filter: hue
// title: Hue rotation
// category: color
// summary: rotates the hue by an angle in degrees, turning the chroma plane of YIQ
// formula: (Y, I, Q) = M_yiq rgb; (I, Q) rotated by -hue degrees; rgb' = M_yiq^-1 (Y, I', Q')
// inputs: 1
// parameter: hue float default 90.0 range 0.0...360.0 -- rotation in degrees
precision highp float;

varying vec2 textureCoordinate;
uniform sampler2D inputImageTexture;
uniform float hue;

// NTSC YIQ; the rows of the forward matrix are Y, I and Q.
const mat3 rgbToYIQ = mat3(0.299, 0.596, 0.211,
                           0.587, -0.274, -0.523,
                           0.114, -0.322, 0.312);
const mat3 yiqToRGB = mat3(1.0, 1.0, 1.0,
                           0.956, -0.272, -1.106,
                           0.621, -0.647, 1.703);

void main()
{
    vec4 color = texture2D(inputImageTexture, textureCoordinate);
    vec3 yiq = rgbToYIQ * color.rgb;
    float angle = radians(hue);
    float c = cos(angle);
    float s = sin(angle);
    vec2 iq = vec2(c * yiq.y + s * yiq.z, c * yiq.z - s * yiq.y);
    gl_FragColor = vec4(yiqToRGB * vec3(yiq.x, iq), color.a);
}
