// filter: solidColor
// title: Solid colour
// category: generator
// summary: fills the frame with one colour
// formula: out = color
// inputs: 0
// output: given default 160x120
// parameter: color color default 0.0,0.0,0.0,1.0
// example: color=0.2,0.4,0.8,1.0
precision highp float;

uniform vec4 color;

void main()
{
    gl_FragColor = color;
}
