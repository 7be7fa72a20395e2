attribute vec4 position;
void main() {
    gl_Position = position + gl_FragCoord; // error: 'gl_FragCoord'
}
