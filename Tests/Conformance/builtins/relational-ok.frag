// expect: ok
precision mediump float;
uniform vec4 a;
uniform ivec2 p;
void main() {
    bvec4 l = lessThan(a, vec4(0.5));
    bvec4 le = lessThanEqual(a, a);
    bvec2 g = greaterThan(p, ivec2(1));
    bvec2 ge = greaterThanEqual(p, p);
    bvec4 e = equal(l, le);
    bvec2 ne = notEqual(g, ge);
    bvec3 eq = equal(a.xyz, a.yzw);
    bool any1 = any(e) || all(not(ne)) || any(eq);
    gl_FragColor = vec4(float(any1));
}
