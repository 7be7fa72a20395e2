// Ordered (Bayer 4x4) dithering to a few grey levels, written for Shade: constant arrays,
// integer arithmetic on floats, nested loops with a break, a user function.
precision mediump float;
varying vec2 textureCoordinate;
uniform sampler2D inputImageTexture;
uniform vec2 outputSize;
uniform float levels;

float threshold(vec2 pixel)
{
    float bayer[16];
    bayer[0] = 0.0;  bayer[1] = 8.0;  bayer[2] = 2.0;  bayer[3] = 10.0;
    bayer[4] = 12.0; bayer[5] = 4.0;  bayer[6] = 14.0; bayer[7] = 6.0;
    bayer[8] = 3.0;  bayer[9] = 11.0; bayer[10] = 1.0; bayer[11] = 9.0;
    bayer[12] = 15.0; bayer[13] = 7.0; bayer[14] = 13.0; bayer[15] = 5.0;
    int index = int(mod(pixel.y, 4.0)) * 4 + int(mod(pixel.x, 4.0));
    float value = 0.0;
    for (int k = 0; k < 16; k++) {
        if (k == index) { value = bayer[k]; break; }
    }
    return (value + 0.5) / 16.0;
}

void main()
{
    vec4 color = texture2D(inputImageTexture, textureCoordinate);
    float grey = dot(color.rgb, vec3(0.299, 0.587, 0.114));
    float steps = max(levels - 1.0, 1.0);
    float scaled = grey * steps;
    float level = floor(scaled) + step(threshold(floor(textureCoordinate * outputSize)), fract(scaled));
    gl_FragColor = vec4(vec3(level / steps), color.a);
}
