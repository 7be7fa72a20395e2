// Nine sample positions along one axis for a separable blur: a vertex stage written for Shade,
// with eight top-level declarations (FixtureTests counts them).
attribute vec4 position;
attribute vec4 inputTextureCoordinate;
const int TAPS = 9;
uniform float stepX;
uniform float stepY;
varying vec2 textureCoordinate;
varying vec2 taps[TAPS];
void main()
{
    gl_Position = position;
    textureCoordinate = inputTextureCoordinate.xy;
    vec2 step = vec2(stepX, stepY);
    for (int k = 0; k < TAPS; k++) {
        // From -4 to +4 steps around the centre.
        taps[k] = inputTextureCoordinate.xy + float(k - TAPS / 2) * step;
    }
}
