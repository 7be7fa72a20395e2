// expect: ok
precision mediump float;
void main() {
    float f = 1.0;
    int i = 2;
    bool b = true;
    vec2 v2 = vec2(f, 2.0);
    ivec3 iv = ivec3(i, 1, 0);
    bvec4 bv = bvec4(b, false, true, b);
    mat2 m = mat2(1.0);
    gl_FragColor = vec4(f, v2.y, float(iv.x), float(bv.w)) * m[0].x;
}
