// error: loop iteration limit
precision highp float;
uniform float zero;
void main() { float x = 0.0;
    for (int i = 0; i < 1000000; i++)
        for (int j = 0; j < 1000000; j++)
            for (int k = 0; k < 1000000; k++) { x += 1.0; }
    gl_FragColor = vec4(x); }
