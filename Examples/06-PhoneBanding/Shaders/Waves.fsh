// A moving wave gradient, written as on a desktop GPU: the time uniform takes the default
// precision, mediump. After an hour (u_time = 3600 s) a phone computes u_time + x in fp16,
// whose steps near 3600 are 2 radians wide: the smooth wave falls apart into flat bands.
precision mediump float;
varying vec2 textureCoordinate;
uniform float u_time;
void main() {
    float wave = 0.5 + 0.5 * sin(textureCoordinate.x * 12.0 + u_time);
    gl_FragColor = vec4(vec3(wave), 1.0);
}
