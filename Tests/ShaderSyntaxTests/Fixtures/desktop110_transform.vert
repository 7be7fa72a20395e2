#version 110
uniform float time;
varying vec4 color;

void main()
{
    vec4 p = gl_Vertex;
    p.y += sin(p.x * 4.0 + time) * 0.1;
    color = gl_Color;
    gl_TexCoord[0] = gl_MultiTexCoord0;
    gl_Position = gl_ModelViewProjectionMatrix * p;
}
