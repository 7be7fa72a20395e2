#!/usr/bin/env python3
"""Differential check of generated programs (gen-shader --dump DIR): llvmpipe vs Shade.

usage: gen-validate.py DIR SHADE [--size 16x16] [--keep OUT]
Renders every DIR/<seed>.frag (+ .vert, uniforms from .json) with glref (llvmpipe, fp32) in one
process and with `SHADE run`, and prints per seed: compile/link failures on Mesa, Shade errors,
and the largest channel difference. Last line: totals.
"""
import json, os, re, subprocess, sys, tempfile

import numpy as np
from PIL import Image

sys.path.insert(0, "/work/shared/tools")
import glref  # noqa: E402

directory, shade = sys.argv[1], sys.argv[2]
w, h = 16, 16
rng = np.random.default_rng(1)
images = [rng.integers(0, 256, (h, w, 4), dtype=np.uint8) for _ in range(3)]
tmp = tempfile.mkdtemp(prefix="genval-")
paths = []
for k, a in enumerate(images):
    p = os.path.join(tmp, f"in{k}.png")
    Image.fromarray(a, "RGBA").save(p)
    paths.append(p)

seeds = sorted(int(f[:-5]) for f in os.listdir(directory) if f.endswith(".json"))
stats = dict(total=0, mesa_fail=0, shade_fail=0, agree=0, differ=0)
for seed in seeds:
    stats["total"] += 1
    meta = json.load(open(os.path.join(directory, f"{seed}.json")))
    frag_path = os.path.join(directory, f"{seed}.frag")
    vert_path = os.path.join(directory, f"{seed}.vert")
    frag = open(frag_path).read()
    vert = open(vert_path).read() if os.path.exists(vert_path) else None
    inputs = images[: meta["inputCount"]]
    uniforms = dict(meta["uniforms"])
    ref = None
    for _ in range(8):
        try:
            ref, _ = glref.render(frag, inputs, vert_src=vert, uniforms=uniforms, size=(w, h),
                                  warn=lambda m: None)
            break
        except glref.UsageError as e:
            # Mesa reports a uniform array only up to its last used element: send fewer values.
            m = re.match(r"uniform (\w+) is \w+(?:\[(\d+)\])?: expected (\d+) value", str(e))
            if not m:
                raise
            name, size, comps = m.group(1), int(m.group(2) or 1), int(m.group(3))
            uniforms[name] = uniforms[name][: size * comps]
        except glref.ShaderError as e:
            break
    if ref is None:
        stats["mesa_fail"] += 1
        print(f"{seed}: MESA failed")
        continue
    out = os.path.join(tmp, f"{seed}.png")
    cmd = [shade, "run", "--fragment", frag_path, "--size", f"{w}x{h}", "-o", out, "--force"]
    if vert is not None:
        cmd += ["--vertex", vert_path]
    for name, values in meta["uniforms"].items():
        cmd += ["--uniform", f"{name}=" + ",".join(repr(v) for v in values)]
    for p in paths[: meta["inputCount"]]:
        cmd += ["--input", p]
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode != 0:
        stats["shade_fail"] += 1
        print(f"{seed}: SHADE exit {r.returncode}: {r.stderr.strip()[:300]}")
        continue
    got = np.asarray(Image.open(out).convert("RGBA"), dtype=np.int16)
    diff = np.abs(got - ref.astype(np.int16)).max(axis=2)
    bad = int((diff > 1).sum())
    if bad:
        stats["differ"] += 1
        ys, xs = np.nonzero(diff > 1)
        print(f"{seed}: DIFFER {bad} px, max {int(diff.max())}, first ({xs[0]},{ys[0]}) "
              f"mesa {ref[ys[0], xs[0]].tolist()} shade {got[ys[0], xs[0]].tolist()}")
    else:
        stats["agree"] += 1
print("totals:", json.dumps(stats))
