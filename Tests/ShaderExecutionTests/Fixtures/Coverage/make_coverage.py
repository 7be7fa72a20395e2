#!/usr/bin/env python3
"""Re-create the reference images of the coverage cases with ../shared/tools/glref.py (llvmpipe).

    python3 Tests/ShaderExecutionTests/Fixtures/Coverage/make_coverage.py [/path/to/shared]

Every `*.fsh` here is one case. Its header comments say how to render it:

    // covers: the built-ins the case exercises (documentation)
    // shader: Shaders/Bench/Grayscale.fsh
    //                              render this repository shader (path from the repository root)
    //                              instead of the case file itself, which then holds only its
    //                              header: a stub named repo-*.fsh; the shader is never copied
    // vertex-shader: Tests/Conformance/real-world/two-input.vert
    //                              a repository vertex shader (path from the repository root)
    // inputs: astronaut coffee     photos from ../shared/images, cropped to 64x48 (see PHOTOS);
    //                              a word with a `/` is a PNG of the repository used whole
    //                              (e.g. Tests/References/Inputs/lookup-512.png, a 512x512 LUT)
    // uniforms: name=v name2=v,v   as glref.py --uniform (texelWidth/texelHeight, u_resolution
    //                              and iResolution are set automatically by both glref.py and
    //                              the Swift test; u_time/iTime are 0 unless given here)
    // filter: nearest              (default linear)
    // wrap: repeat | mirror        (default clamp)
    // vertex: nearby3x3 | file.vsh (default GPUImage's passthrough)
    // glref: --uniform environment=5 extra glref.py arguments only (here: a sampler unit)
    // exception: why the case is weaker than the others (documentation)
    // outliers: 2                  pixels the Swift test lets differ by more than 1/255 (only
    //                              with an exception giving the reason; default 0)

Writes Inputs/<photo>_64x48.rgba (the crops) and References/<case>_64x48.rgba (llvmpipe's
output), raw RGBA8 with row 0 first. The Swift test (CoverageTests) renders the same cases
with Shade and requires every channel within 1/255 of the reference (but for `outliers`).
"""
import os
import subprocess
import sys
import tempfile

import numpy as np
from PIL import Image

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "../../../.."))  # the repository
SHARED = sys.argv[1] if len(sys.argv) > 1 else os.path.join(HERE, "../../../../../shared")
W, H = 64, 48

# Photo name -> (file, how to make the 64x48 input).
PHOTOS = {
    "astronaut": ("astronaut.png", ("crop", 210, 70)),
    "coffee": ("coffee.png", ("crop", 260, 150)),
    "chelsea": ("chelsea.png", ("crop", 170, 90)),
    "ghost": ("ghost.png", ("resize",)),  # real soft alpha
}


def photo(name):
    file, how = PHOTOS[name]
    img = Image.open(os.path.join(SHARED, "images", file)).convert("RGBA")
    if how[0] == "crop":
        img = img.crop((how[1], how[2], how[1] + W, how[2] + H))
    else:
        img = img.resize((W, H), Image.BILINEAR)
    return np.array(img, dtype=np.uint8)


def header(path):
    fields = {}
    for line in open(path):
        if not line.startswith("//"):
            continue
        key, _, value = line[2:].strip().partition(":")
        if key in ("shader", "vertex-shader", "inputs", "uniforms", "filter", "wrap", "vertex", "glref"):
            fields[key] = value.split()
    return fields


def main():
    tmp = tempfile.mkdtemp()
    os.makedirs(os.path.join(HERE, "Inputs"), exist_ok=True)
    os.makedirs(os.path.join(HERE, "References"), exist_ok=True)
    pngs = {}
    for name in PHOTOS:
        img = photo(name)
        img.tofile(os.path.join(HERE, "Inputs", f"{name}_{W}x{H}.rgba"))
        pngs[name] = os.path.join(tmp, name + ".png")
        Image.fromarray(img, "RGBA").save(pngs[name])
    for shader in sorted(f for f in os.listdir(HERE) if f.endswith(".fsh")):
        case = shader[:-4]
        fields = header(os.path.join(HERE, shader))
        out = os.path.join(tmp, case + ".png")
        frag = os.path.join(ROOT, fields["shader"][0]) if "shader" in fields else os.path.join(HERE, shader)
        cmd = [sys.executable, os.path.join(SHARED, "tools", "glref.py"), "--frag", frag]
        for i in fields.get("inputs", []):
            cmd += ["--input", os.path.join(ROOT, i) if "/" in i else pngs[i]]
        if not fields.get("inputs"):
            cmd += ["--size", f"{W}x{H}"]
        for u in fields.get("uniforms", []):
            cmd += ["--uniform", u]
        for f in fields.get("filter", []):
            cmd += ["--filter", f]
        for w in fields.get("wrap", []):
            cmd += ["--wrap", w]
        for v in fields.get("vertex", []):
            cmd += ["--vert", "builtin:3x3" if v == "nearby3x3" else os.path.join(HERE, v)]
        for v in fields.get("vertex-shader", []):
            cmd += ["--vert", os.path.join(ROOT, v)]
        cmd += fields.get("glref", []) + ["-o", out]
        result = subprocess.run(cmd, capture_output=True, text=True)
        if result.returncode != 0:
            sys.exit(f"{case}: glref.py failed:\n{result.stdout}{result.stderr}")
        for line in result.stderr.splitlines():  # e.g. a uniform that is not active
            print(f"{case}: {line}")
        img = np.array(Image.open(out).convert("RGBA"), dtype=np.uint8)
        img.tofile(os.path.join(HERE, "References", f"{case}_{W}x{H}.rgba"))
        print("wrote", case)


if __name__ == "__main__":
    main()
