#!/usr/bin/env python3
"""Re-create the oracle fixtures of ShaderExecutionTests with ../shared/tools/glref.py.

    python3 Tests/ShaderExecutionTests/Fixtures/make_fixtures.py /path/to/shared/tools

Writes raw RGBA8 files (row 0 first, no header; size in the name): the inputs
noise_64x48.rgba and alpha_64x48.rgba, and <shader>[_<variant>]_64x48.rgba rendered by Mesa
llvmpipe (fp32 mode). The Swift tests build the same shaders and compare.
"""
import os
import subprocess
import sys
import tempfile

import numpy as np
from PIL import Image

HERE = os.path.dirname(os.path.abspath(__file__))
TOOLS = sys.argv[1] if len(sys.argv) > 1 else os.path.join(HERE, "../../../../shared/tools")
W, H = 64, 48


def noise():
    rng = np.random.default_rng(12345)
    return rng.integers(0, 256, (H, W, 4), dtype=np.uint8)


def alpha():
    x = np.linspace(-1.0, 1.0, W)[None, :]
    y = np.linspace(-1.0, 1.0, H)[:, None]
    r = 0.5 + 0.5 * np.cos(3.0 * x) * np.ones_like(y)
    g = 0.5 + 0.5 * np.sin(4.0 * y) * np.ones_like(x)
    b = np.clip(1.0 - np.hypot(x, y), 0.0, 1.0)
    a = np.clip(1.2 - np.hypot(x, y), 0.0, 1.0) * (0.25 + 0.75 * (x + 1.0) / 2.0)
    return (np.dstack([r, g, b, a]) * 255.0 + 0.5).astype(np.uint8)


def main():
    tmp = tempfile.mkdtemp()
    images = {"noise": noise(), "alpha": alpha()}
    paths = {}
    for name, img in images.items():
        img.tofile(os.path.join(HERE, f"{name}_{W}x{H}.rgba"))
        paths[name] = os.path.join(tmp, name + ".png")
        Image.fromarray(img, "RGBA").save(paths[name])
    cases = [
        ("grayscale", ["noise"], []),
        ("blend", ["noise", "alpha"], ["--uniform", "mixturePercent=0.7"]),
        ("boxblur3x3", ["noise"], []),
        ("procedural", [], ["--size", f"{W}x{H}"]),
        ("resample", ["noise"], [], ),
        ("resample", ["noise"], ["--wrap", "repeat"], "repeat"),
        ("resample", ["noise"], ["--wrap", "mirror", "--nearest"], "mirror_nearest"),
        ("derivatives", [], ["--size", f"{W}x{H}"]),
        ("loopdiscard", ["alpha"], []),
        ("builtins", [], ["--size", f"{W}x{H}"]),
        ("boxblur3x3_gpuimage", ["noise"], ["--vert", "builtin:3x3"]),
        ("uniforms", [], ["--size", f"{W}x{H}", "--uniform", "tint=0.2,0.4,0.6",
                          "--uniform", "m=1,0,0,0.5,0.5,0,0.25,0,1", "--uniform", "w=0.1,0.2,0.3",
                          "--uniform", "which=2"]),
        ("functions", ["noise"], []),
        ("arrays", [], ["--size", f"{W}x{H}", "--uniform", "weights=0.5,0.25,0.125,0.0625,0.03",
                        "--uniform", "palette=1,0,0,0,1,0,0,0,1,0.5,0.5,0.5",
                        "--uniform", "colorMatrix=0.9,0.1,0,0.1,0.8,0.1,0,0.2,0.7", "--uniform", "count=3"]),
        ("projective", ["noise", "alpha"], []),
        ("language", [], ["--size", f"{W}x{H}"]),
    ]
    for case in cases:
        shader, inputs, extra = case[0], case[1], case[2]
        variant = case[3] if len(case) > 3 else None
        out = os.path.join(tmp, "out.png")
        cmd = [sys.executable, os.path.join(TOOLS, "glref.py"), "--frag", os.path.join(HERE, shader + ".fsh")]
        for i in inputs:
            cmd += ["--input", paths[i]]
        cmd += extra + ["-o", out]
        subprocess.run(cmd, check=True, capture_output=True)
        img = np.array(Image.open(out).convert("RGBA"), dtype=np.uint8)
        name = shader + (f"_{variant}" if variant else "")
        img.tofile(os.path.join(HERE, f"{name}_{W}x{H}.rgba"))
        print("wrote", name)


if __name__ == "__main__":
    main()
