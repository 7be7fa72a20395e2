precision mediump float;
uniform sampler2D s;
void main() {
    bvec2 r = equal(vec2(1.0), ivec2(1)); // error: no matching overload
    gl_FragColor = vec4(float(r.x));
}
