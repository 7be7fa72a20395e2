#!/usr/bin/env python3
"""Makes the face-detection test photos from public-domain and CC0 photographs.

Sources (all in ../../../../shared/images, see LICENSES.md here): astronaut.png (NASA,
public domain), grace_hopper.jpg (US Navy, public domain), camera.png, coffee.png and
chelsea.png (CC0), rocket.jpg and hubble_deep_field.jpg (public domain).

Every derived photo is deterministic (fixed positions, angles and sizes; no randomness), so
running this again gives the same files. Run from the repository root:

    python3 Tests/FeatureDetectionTests/Photos/make-photos.py [SHARED_IMAGES_DIR]
"""
import os
import shutil
import sys

from PIL import Image, ImageDraw

here = os.path.dirname(os.path.abspath(__file__))
shared = sys.argv[1] if len(sys.argv) > 1 else os.path.join(here, "../../../../shared/images")


def load(name):
    return Image.open(os.path.join(shared, name)).convert("RGB")


def save(image, name, quality=90):
    path = os.path.join(here, name)
    if name.endswith(".jpg"):
        image.save(path, quality=quality, subsampling=2)
    else:
        image.save(path, optimize=True)


astronaut = load("astronaut.png")
hopper = load("grace_hopper.jpg")
coffee = load("coffee.png")

# One face each, as they are.
shutil.copy(os.path.join(shared, "grace_hopper.jpg"), os.path.join(here, "hopper.jpg"))
save(astronaut, "astronaut.jpg", 92)
save(load("camera.png"), "cameraman.png")

# Mirrored.
save(hopper.transpose(Image.Transpose.FLIP_LEFT_RIGHT), "hopper-mirrored.jpg")

# Rotated in the image plane (the cascades are trained upright: OpenCV loses faces past ~15°).
for angle in (8, 15, 25):
    save(hopper.rotate(angle, resample=Image.Resampling.BICUBIC, expand=True, fillcolor=(128, 128, 128)),
         f"hopper-rotated-{angle}.jpg")

# Partly hidden: a bar over the eyes, and the right half covered.
hidden = hopper.copy()
ImageDraw.Draw(hidden).rectangle((150, 190, 360, 250), fill=(20, 20, 20))
save(hidden, "hopper-eyes-hidden.jpg")
half = hopper.copy()
ImageDraw.Draw(half).rectangle((256, 0, 512, 600), fill=(235, 225, 200))
save(half, "hopper-half-hidden.jpg")
mouth = astronaut.copy()
ImageDraw.Draw(mouth).rectangle((170, 170, 300, 230), fill=(240, 240, 240))
save(mouth, "astronaut-mouth-hidden.jpg")


def group(size, placements, background):
    canvas = background.resize(size, Image.Resampling.BICUBIC)
    for source, box, (x, y), width in placements:
        face = source.crop(box)
        height = round(width * face.height / face.width)
        canvas.paste(face.resize((width, height), Image.Resampling.LANCZOS), (x, y))
    return canvas


astronaut_head = (110, 20, 330, 300)
hopper_head = (90, 50, 420, 470)

# Several faces of several sizes on a 1080p canvas: the timing photo.
save(group((1920, 1080), [
    (astronaut, astronaut_head, (60, 80), 420),
    (hopper, hopper_head, (560, 120), 360),
    (astronaut.transpose(Image.Transpose.FLIP_LEFT_RIGHT), astronaut_head, (1000, 90), 260),
    (hopper, hopper_head, (1350, 150), 200),
    (astronaut, astronaut_head, (1620, 160), 150),
    (hopper.transpose(Image.Transpose.FLIP_LEFT_RIGHT), hopper_head, (120, 640), 230),
    (astronaut, astronaut_head, (520, 700), 180),
    (hopper, hopper_head, (820, 720), 120),
    (astronaut, astronaut_head, (1060, 760), 90),
], coffee), "group-1080p.jpg", 90)

# Small faces (down to about 30 pixels wide) on a 800x500 canvas.
save(group((800, 500), [
    (hopper, hopper_head, (40, 40), 110),
    (astronaut, astronaut_head, (220, 60), 80),
    (hopper, hopper_head, (360, 80), 60),
    (astronaut, astronaut_head, (470, 90), 45),
    (hopper, hopper_head, (560, 100), 36),
    (astronaut, astronaut_head, (640, 110), 30),
    (hopper.transpose(Image.Transpose.FLIP_LEFT_RIGHT), hopper_head, (80, 300), 70),
    (astronaut, astronaut_head, (300, 320), 55),
], coffee), "small-faces.jpg", 92)

# No face.
for name in ("coffee.png", "rocket.jpg", "chelsea.png", "hubble_deep_field.jpg"):
    image = load(name)
    save(image, "none-" + os.path.splitext(name)[0].replace("_", "-") + ".jpg", 90)
