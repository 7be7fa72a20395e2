#!/usr/bin/env python3
"""Makes the reference pixels and generated fixtures the ImageCodecs tests compare against.

Run once (needs numpy + Pillow); the outputs are committed, so the tests never need Python.

    python3 Tests/Fixtures/make-references.py

Reference/<file>.rgba: raw RGBA8, row after row, decoded by Pillow (an independent decoder):
- 16-bit PNG samples are reduced to 8 bits by keeping the high byte (v >> 8), the rule Shade
  documents (libpng's png_set_strip_16);
- tRNS keys and palette alpha become alpha (a low-bit grey key is scaled like the samples,
  which Pillow's own conversion does not do); grey is replicated to RGB;
- Adobe CMYK JPEGs use Pillow's CMYK -> RGB conversion;
- the EXIF orientation is applied (PIL.ImageOps.exif_transpose).
"""
import os
import struct
import zlib

import numpy as np
from PIL import Image, ImageOps

HERE = os.path.dirname(os.path.abspath(__file__))
EDGE = os.path.join(HERE, "Images", "edge")
REFERENCE = os.path.join(HERE, "Reference")
MADE = os.path.join(HERE, "Images", "made")


def rgba(path):
    im = Image.open(path)
    im.load()
    im = ImageOps.exif_transpose(im)
    if im.mode in ("I;16", "I;16B", "I"):
        grey = (np.array(im).astype(np.uint32) >> 8).astype(np.uint8)
        alpha = np.full(grey.shape, 255, np.uint8)
        return np.dstack([grey, grey, grey, alpha])
    if im.mode == "L" and isinstance(im.info.get("transparency"), int) and path.endswith(".png"):
        # Pillow keeps a low-bit-depth grey tRNS key unscaled (15 for a 4-bit white) while it
        # scales the samples (to 255), so its own conversion misses the key; apply it here.
        depth = open(path, "rb").read()[24]
        key = im.info["transparency"] * 255 // ((1 << depth) - 1)
        grey = np.array(im, dtype=np.uint8)
        alpha = np.where(grey == key, 0, 255).astype(np.uint8)
        return np.dstack([grey, grey, grey, alpha])
    return np.array(im.convert("RGBA"), dtype=np.uint8)


def chunk(kind, data):
    body = kind + data
    return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)


def main():
    os.makedirs(REFERENCE, exist_ok=True)
    os.makedirs(MADE, exist_ok=True)
    for name in sorted(os.listdir(EDGE)):
        if name.endswith(".md"):
            continue
        pixels = rgba(os.path.join(EDGE, name))
        with open(os.path.join(REFERENCE, name + ".rgba"), "wb") as out:
            out.write(pixels.tobytes())
        print(f"{name}: {pixels.shape[1]}x{pixels.shape[0]}")

    # A 100000x100000 8-bit grey PNG header followed by a tiny IDAT: must fail as too large
    # before any pixel memory is allocated.
    ihdr = struct.pack(">IIBBBBB", 100000, 100000, 8, 0, 0, 0, 0)
    png = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr)
    png += chunk(b"IDAT", zlib.compress(b"\x00" * 64)) + chunk(b"IEND", b"")
    with open(os.path.join(MADE, "huge_header.png"), "wb") as out:
        out.write(png)

    # testorig.jpg with its SOF0 dimensions patched to 60000x60000.
    data = bytearray(open(os.path.join(EDGE, "testorig.jpg"), "rb").read())
    sof = data.index(b"\xff\xc0")
    data[sof + 5:sof + 9] = struct.pack(">HH", 60000, 60000)
    with open(os.path.join(MADE, "huge_header.jpg"), "wb") as out:
        out.write(bytes(data))

    # A 5x3 picture saved with each EXIF orientation (PNG eXIf chunk); the reference is Pillow's
    # exif_transpose of it.
    rng = np.random.default_rng(7)
    picture = Image.fromarray(rng.integers(0, 256, (3, 5, 3), dtype=np.uint8), "RGB")
    for orientation in range(1, 9):
        exif = Image.Exif()
        exif[0x0112] = orientation
        path = os.path.join(MADE, f"orientation_{orientation}.png")
        picture.save(path, exif=exif)
        pixels = rgba(path)
        with open(os.path.join(REFERENCE, f"orientation_{orientation}.png.rgba"), "wb") as out:
            out.write(pixels.tobytes())
        print(f"orientation_{orientation}.png: {pixels.shape[1]}x{pixels.shape[0]}")


if __name__ == "__main__":
    main()
