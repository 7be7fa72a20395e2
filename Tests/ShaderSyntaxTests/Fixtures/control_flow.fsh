precision mediump float;

varying vec2 uv;
uniform sampler2D tex;
uniform int mode;
uniform bool enabled;

// GLSL ES 1.00 §4.1.8: a structure is defined before the structure that embeds it.
struct Layer { vec4 tint; float weight; };

struct Material {
    vec3 albedo;
    float roughness;
    Layer layers[2];
};

uniform Material material;

float accumulate(const in float values[4], out int count);

bool inside(vec2 p) { return all(greaterThanEqual(p, vec2(0.0))) && all(lessThan(p, vec2(1.0))); }

float accumulate(const in float values[4], out int count)
{
    float total = 0.0;
    count = 0;
    for (int i = 0; i < 4; ++i) {
        if (values[i] < 0.0) continue;
        if (values[i] > 100.0) break;
        total += values[i];
        count++;
    }
    return total;
}

void main()
{
    if (!enabled || !inside(uv)) {
        discard;
    }
    vec4 color = texture2D(tex, uv);
    float values[4];
    values[0] = color.r; values[1] = color.g; values[2] = color.b; values[3] = color.a;
    int n;
    float sum = accumulate(values, n);

    float t = 0.0;
    do {
        t += 0.25;
    } while (t < 1.0);

    int k = 0;
    while (k < 3) { k += 1; }

    if (mode == 0) color.rgb = vec3(sum / float(n));
    else if (mode == 1) color.rgb *= material.albedo;
    else {
        color = mix(color, material.layers[0].tint, material.layers[1].weight);
    }

    color.a = mode > 1 ? 1.0 : color.a;
    bvec4 mask = bvec4(true, false, enabled, mode != 2);
    color = any(mask) ? color : vec4(0.0);
    gl_FragColor = -(-color);
}
