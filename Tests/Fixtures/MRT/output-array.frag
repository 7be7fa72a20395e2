#version 300 es
// attachments: 4
// size: 16x8
// An output array takes one location per element (`layers` at 1, 2, 3); uniform values
// go to location 0 whole. (Written element by element; a loop, `layers[i] = …`, is the
// regression file `output-array-written-in-a-loop`.)
precision mediump float;
in vec2 textureCoordinate;
layout(location = 1) out vec4 layers[3];
layout(location = 0) out vec4 base;
void main() {
    base = vec4(0.5, 0.25, 0.75, 1.0);
    layers[0] = vec4(textureCoordinate / 3.0, 0.0, 1.0);
    layers[1] = vec4(textureCoordinate * 2.0 / 3.0, 0.5, 1.0);
    layers[2] = vec4(textureCoordinate, 1.0, 1.0);
}
