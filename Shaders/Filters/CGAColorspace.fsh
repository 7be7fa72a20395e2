// filter: cgaColorspace
// title: CGA colour space
// category: effect
// summary: samples the image on a 320x200 grid and maps every sample to the nearest colour of CGA palette 1 (black, cyan, magenta, white)
// formula: q = (floor(u (320, 200)) + 0.5) / (320, 200); c = in(q).rgb; out = the palette colour P minimising |c - P|^2 over P in {(0,0,0), (0.333,1,1), (1,0.333,1), (1,1,1)} (first wins ties); alpha 1
// inputs: 1
precision highp float;

varying vec2 textureCoordinate;
uniform sampler2D inputImageTexture;

const vec2 grid = vec2(320.0, 200.0);

void main()
{
    vec2 q = (floor(textureCoordinate * grid) + 0.5) / grid;
    vec3 c = texture2D(inputImageTexture, q).rgb;
    vec3 palette[4];
    palette[0] = vec3(0.0, 0.0, 0.0);
    palette[1] = vec3(0.333, 1.0, 1.0);
    palette[2] = vec3(1.0, 0.333, 1.0);
    palette[3] = vec3(1.0, 1.0, 1.0);
    vec3 best = palette[0];
    vec3 d0 = c - palette[0];
    float bestDistance = dot(d0, d0);
    for (int k = 1; k < 4; k++) {
        vec3 d = c - palette[k];
        float distance2 = dot(d, d);
        if (distance2 < bestDistance) {
            bestDistance = distance2;
            best = palette[k];
        }
    }
    gl_FragColor = vec4(best, 1.0);
}
