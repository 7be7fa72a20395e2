#!/usr/bin/env python3
"""Writes builtins/*.shader_test: one file per GLSL ES built-in function and argument set.

Each shader computes the built-in on uniform arguments and writes 0.5 + 0.25 * result to red
(the other channels are constants), so results in [-2, 2] land inside the framebuffer's range;
the expected colour comes from Python's math. Run from this folder: python3 generate-builtins.py
"""
import math, os

def smoothstep(e0, e1, x):
    t = min(max((x - e0) / (e1 - e0), 0.0), 1.0)
    return t * t * (3 - 2 * t)

def glsl_mod(x, y):
    return x - y * math.floor(x / y)

# name, GLSL expression over a, b, c, Python function, argument rows
cases = [
    ("radians", "radians(a)", lambda a, b, c: math.radians(a), [(30,), (-45,), (90,), (0,)]),
    ("degrees", "degrees(a) / 100.0", lambda a, b, c: math.degrees(a) / 100, [(0.5,), (-1,), (1.5,), (0,)]),
    ("sin", "sin(a)", lambda a, b, c: math.sin(a), [(0,), (0.5,), (-1,), (2,), (3.14159,)]),
    ("cos", "cos(a)", lambda a, b, c: math.cos(a), [(0,), (0.5,), (-1,), (2,), (3.14159,)]),
    ("tan", "tan(a)", lambda a, b, c: math.tan(a), [(0,), (0.5,), (-1,), (1.1,)]),
    ("asin", "asin(a)", lambda a, b, c: math.asin(a), [(0,), (0.5,), (-0.9,), (1,)]),
    ("acos", "acos(a) - 1.0", lambda a, b, c: math.acos(a) - 1, [(0,), (0.5,), (-0.5,), (1,)]),
    ("atan", "atan(a)", lambda a, b, c: math.atan(a), [(0,), (1,), (-3,), (10,)]),
    ("atan2", "atan(a, b)", lambda a, b, c: math.atan2(a, b), [(1, 1), (1, -1), (-1, 2), (0.5, 3)]),
    ("pow", "pow(a, b)", lambda a, b, c: a ** b, [(2, 0.5), (0.5, 2), (1.5, 1.5), (3, -1)]),
    ("exp", "exp(a)", lambda a, b, c: math.exp(a), [(0,), (0.5,), (-1,), (0.6,)]),
    ("log", "log(a)", lambda a, b, c: math.log(a), [(1,), (2,), (0.5,), (5,)]),
    ("exp2", "exp2(a)", lambda a, b, c: 2 ** a, [(0,), (0.5,), (-1,), (1,)]),
    ("log2", "log2(a)", lambda a, b, c: math.log2(a), [(1,), (2,), (0.5,), (3,)]),
    ("sqrt", "sqrt(a)", lambda a, b, c: math.sqrt(a), [(0,), (0.25,), (2,), (3.5,)]),
    ("inversesqrt", "inversesqrt(a)", lambda a, b, c: 1 / math.sqrt(a), [(1,), (0.5,), (4,), (9,)]),
    ("abs", "abs(a)", lambda a, b, c: abs(a), [(0,), (-1.5,), (1.25,), (-0.25,)]),
    ("sign", "sign(a)", lambda a, b, c: (a > 0) - (a < 0), [(0,), (-1.5,), (0.25,), (-0.001,)]),
    ("floor", "floor(a)", lambda a, b, c: math.floor(a), [(1.5,), (-1.5,), (0.25,), (-0.001,)]),
    ("ceil", "ceil(a)", lambda a, b, c: math.ceil(a), [(1.5,), (-1.5,), (0.25,), (-0.999,)]),
    ("fract", "fract(a)", lambda a, b, c: a - math.floor(a), [(1.5,), (-1.25,), (0.75,), (3.125,)]),
    ("mod", "mod(a, b)", lambda a, b, c: glsl_mod(a, b), [(5, 3), (-1, 3), (7.5, 2), (1.25, -1)]),
    ("min", "min(a, b)", lambda a, b, c: min(a, b), [(1, 2), (-1, -2), (0.5, 0.25), (1.5, 1.5)]),
    ("max", "max(a, b)", lambda a, b, c: max(a, b), [(1, 2), (-1, -2), (0.5, 0.25), (1.5, 1.5)]),
    ("clamp", "clamp(a, b, c)", lambda a, b, c: min(max(a, b), c), [(0.5, 0, 1), (-1, -0.5, 1), (2, 0, 1.5), (1, 1, 1)]),
    ("mix", "mix(a, b, c)", lambda a, b, c: a * (1 - c) + b * c, [(0, 1, 0.25), (-1, 1, 0.5), (2, 0, 0.75), (1, 1, 0.3)]),
    ("step", "step(a, b)", lambda a, b, c: 0.0 if b < a else 1.0, [(0.5, 0.25), (0.5, 0.75), (-1, -1), (0, -0.001)]),
    ("smoothstep", "smoothstep(a, b, c)", lambda a, b, c: smoothstep(a, b, c), [(0, 1, 0.25), (0, 1, 0.5), (-1, 1, 0.9), (0, 2, 3)]),
    ("length", "length(vec2(a, b))", lambda a, b, c: math.hypot(a, b), [(3, 4), (0, 0), (-1, 1), (0.5, -1.5)]),
    ("distance", "distance(vec2(a, b), vec2(c, 1.0))", lambda a, b, c: math.hypot(a - c, b - 1), [(3, 4, 1), (0, 0, 0), (-1, 1, 1), (0.5, -0.5, 0.5)]),
    ("dot", "dot(vec3(a, b, c), vec3(0.5, -1.0, 0.25))", lambda a, b, c: 0.5 * a - b + 0.25 * c, [(1, 1, 1), (2, 0.5, -2), (0, 0, 0), (-1, -1, 4)]),
    ("cross", "cross(vec3(a, b, c), vec3(0.0, 1.0, 0.5)).x", lambda a, b, c: b * 0.5 - c * 1, [(1, 1, 1), (2, 0.5, -2), (0, 0, 0), (-1, -1, 1)]),
    ("normalize", "normalize(vec2(a, b)).x", lambda a, b, c: a / math.hypot(a, b), [(3, 4), (-1, 1), (0.5, 0), (1, -2)]),
    ("reflect", "reflect(vec2(a, b), vec2(0.0, 1.0)).y", lambda a, b, c: b - 2 * b, [(1, 1), (0.5, -0.5), (0, 1.5), (-1, 0.25)]),
    ("faceforward", "faceforward(vec2(1.0, 0.0), vec2(a, b), vec2(c, 0.0)).x", lambda a, b, c: 1.0 if a * c < 0 else -1.0, [(1, 0, 1), (1, 0, -1), (-1, 1, 1), (0.5, 1, -0.5)]),
    ("matrixCompMult", "matrixCompMult(mat2(a, b, c, 1.0), mat2(0.5))[0][0]", lambda a, b, c: a * 0.5, [(1, 2, 3), (-1, 0, 0), (3, 1, 1), (0.5, 0, 0)]),
    ("lessThan", "float(lessThan(vec2(a, 0.0), vec2(b, 1.0)).x)", lambda a, b, c: 1.0 if a < b else 0.0, [(1, 2), (2, 1), (1, 1), (-1, 0)]),
    ("greaterThanEqual", "float(greaterThanEqual(vec2(a, 0.0), vec2(b, 1.0)).x)", lambda a, b, c: 1.0 if a >= b else 0.0, [(1, 2), (2, 1), (1, 1), (-1, 0)]),
    ("equal", "float(equal(vec2(a, 0.0), vec2(b, 0.0)).x)", lambda a, b, c: 1.0 if a == b else 0.0, [(1, 2), (2, 2), (0.5, 0.5), (-1, 1)]),
    ("any", "float(any(greaterThan(vec2(a, b), vec2(0.0))))", lambda a, b, c: 1.0 if a > 0 or b > 0 else 0.0, [(1, -1), (-1, -1), (0, 0), (-1, 2)]),
    ("all", "float(all(greaterThan(vec2(a, b), vec2(0.0))))", lambda a, b, c: 1.0 if a > 0 and b > 0 else 0.0, [(1, -1), (1, 1), (0, 1), (2, 2)]),
]

os.makedirs("builtins", exist_ok=True)
count = 0
for name, expression, function, rows in cases:
    for index, row in enumerate(rows):
        a, b, c = (list(row) + [0.0, 0.0, 0.0])[:3]
        result = function(a, b, c)
        red = min(max(0.5 + 0.25 * result, 0.0), 1.0)
        text = f"""# Generated by generate-builtins.py: {expression} with a = {a}, b = {b}, c = {c} is {result:.6g}.
[require]
GLSL ES >= 1.00

[vertex shader passthrough]

[fragment shader]
precision highp float;
uniform float a;
uniform float b;
uniform float c;
void main()
{{
    float r = {expression};
    gl_FragColor = vec4(0.5 + 0.25 * r, 0.25, 0.75, 1.0);
}}

[test]
uniform float a {a}
uniform float b {b}
uniform float c {c}
draw rect -1 -1 2 2
probe all rgba {red:.6f} 0.25 0.75 1.0
"""
        with open(f"builtins/{name}-{index + 1}.shader_test", "w") as f:
            f.write(text)
        count += 1
print(f"wrote {count} tests")
