// regression: dFdx of a value computed in a loop was wrong in the quads the two triangles share
// cause: the root mask was the triangle's coverage, so a quad's uncovered (helper) lanes skipped the loop's masked stores and dFdx read their stale values; helper lanes now run the whole shader and only covered lanes are written
// size: 32x24
#version 300 es
precision highp float;
in vec2 textureCoordinate;
out vec4 color;
void main() {
    vec4 r = vec4(0.0);
    for (int i = 0; i < 3; i++) {
        float q = float(i) + 1.0;
        r.x = dFdx(textureCoordinate.x / q) * 32.0;
        r.y = dFdy(textureCoordinate.y * q) * 8.0;
    }
    color = vec4(r.xy, 0.5, 1.0);
}
