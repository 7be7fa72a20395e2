precision highp float;
varying vec2 textureCoordinate;

// Lowering corner cases: arrays of structs indexed per lane, nested structs, dynamic matrix
// columns, globals written by functions, side effects in ?:, && and ||, comma, ++/--,
// int/bool conversions, struct equality, bvec built-ins.
struct Inner { vec2 offset; float scale; };
struct Item { Inner inner; vec3 color; };

float counter = 0.0;

float bump(float by) { counter += by; return counter; }

Item makeItem(float k) {
    return Item(Inner(vec2(k, -k) * 0.1, 1.0 + k), vec3(k * 0.2, 1.0 - k * 0.2, 0.5));
}

void main() {
    Item items[4];
    for (int i = 0; i < 4; ++i) items[i] = makeItem(float(i));
    int k = int(textureCoordinate.x * 4.0);
    Item it = items[k];
    it.inner.scale *= 0.5;
    items[k].color.g = textureCoordinate.y;

    mat3 m = mat3(1.0);
    int col = int(textureCoordinate.y * 3.0);
    m[col] = vec3(0.5, 0.25, 0.125);
    m[col].y += 0.25;

    float a = textureCoordinate.x > 0.5 ? bump(0.25) : bump(0.125);
    bool sc = textureCoordinate.y > 0.5 && bump(1.0) > 0.0;
    bool sc2 = textureCoordinate.y > 0.25 || bump(2.0) > 0.0;
    float c = (bump(0.0625), counter * 0.5);
    int n = 3;
    int pre = ++n;
    int post = n--;
    bool same = it == items[k];
    bvec3 bv = notEqual(ivec3(k, n, pre), ivec3(1, 3, 4));
    float conv = float(int(2.9)) + float(bool(0.5)) + float(int(-1.5));

    gl_FragColor = vec4(
        it.color.r + it.inner.offset.x + items[k].color.g * 0.25,
        (m * vec3(1.0, 2.0, 3.0)).y * 0.25 + (same ? 0.0 : 0.125),
        a + (sc ? 0.25 : 0.0) + (sc2 ? 0.125 : 0.0) + c * 0.1 + float(post - pre) * 0.01,
        (any(bv) ? 0.5 : 0.0) + (all(not(bv)) ? 0.25 : 0.0) + conv * 0.05 + it.inner.scale * 0.05);
}
