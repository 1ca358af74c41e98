#!/usr/bin/env python3
"""Writes the asset catalog fixtures ControlsTests read (run from this folder; the files are committed).

Every image is one flat colour, so the variant a lookup chose shows in its pixel size and colour:

| file | pixels (or own size) | colour |
|---|---|---|
| Assets.xcassets/Avatar.imageset/avatar.png | 40 × 30 | red |
| Assets.xcassets/Avatar.imageset/avatar@2x.png | 80 × 60 | green |
| Assets.xcassets/Avatar.imageset/avatar@3x.png | 120 × 90 | blue |
| Assets.xcassets/OnlyTwoX.imageset/only@2x.png | 16 × 12 | magenta |
| Assets.xcassets/Banner.imageset/banner.png | 300 × 100 (scale 1x) | orange |
| Assets.xcassets/Logo.imageset/logo.svg | 64 × 32 pt (single scale) | teal |
| Assets.xcassets/Mark.imageset/mark.svg | viewBox 0 0 48 24 (no width/height) | purple |
| Assets.xcassets/Badge.imageset/badge.pdf | MediaBox 24 × 18 pt | - |
| Assets.xcassets/Photo.imageset/photo.jpg | 30 × 20 (baseline JPEG, written below) | grey (128) |
| Assets.xcassets/Icons/Star.imageset/star.png | 20 × 20 (group with provides-namespace) | yellow |
| Assets.xcassets/Plain/Dot.imageset/dot.png | 10 × 10 (group without a namespace) | black |
| Loose.png | 8 × 6, beside the catalog, in no image set | red |

Colour sets: Brand (sRGB "0.200" "0.400" "0.600", dark appearance "1.000" "1.000" "1.000"),
Hex ("0x33" "0x66" "0x99" alpha "0.500"), Bytes ("51" "102" "153"), Gray (gray-gamma-22 white
"0.500"), Linked (a reference to systemBlueColor), Widget (ipad idiom 1,0,0 before universal 0,1,0).
"""
import json, os, struct, zlib

def png(path, width, height, rgb):
    raw = b"".join(b"\x00" + bytes(rgb) * width for _ in range(height))
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    data = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)) \
        + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b"")
    os.makedirs(os.path.dirname(path) or ".", exist_ok=True)
    with open(path, "wb") as f:
        f.write(data)

def jpeg(path, width, height):
    """A baseline greyscale JPEG of flat grey 128: every 8 × 8 block's DC difference is 0 and it has
    no AC coefficients, so the scan is one Huffman code for "DC category 0" and one for "end of
    block" per block, each the single code "0" of its table."""
    def segment(marker, body):
        return bytes([0xFF, marker]) + struct.pack(">H", len(body) + 2) + body
    blocks = ((width + 7) // 8) * ((height + 7) // 8)
    bits = "00" * blocks
    bits += "1" * (-len(bits) % 8)
    scan = bytes(int(bits[i:i + 8], 2) for i in range(0, len(bits), 8))
    one_code = bytes([1] + [0] * 15) + b"\x00"  # one code of length 1, for symbol 0
    data = b"\xff\xd8" + segment(0xDB, b"\x00" + b"\x01" * 64) \
        + segment(0xC0, struct.pack(">BHHB", 8, height, width, 1) + b"\x01\x11\x00") \
        + segment(0xC4, b"\x00" + one_code) + segment(0xC4, b"\x10" + one_code) \
        + segment(0xDA, b"\x01\x01\x00\x00\x3f\x00") + scan + b"\xff\xd9"
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as f:
        f.write(data)

def contents(folder, body):
    os.makedirs(folder, exist_ok=True)
    body = dict(body)
    body["info"] = {"author": "xcode", "version": 1}
    with open(os.path.join(folder, "Contents.json"), "w") as f:
        json.dump(body, f, indent=2)
        f.write("\n")

def image_set(folder, entries):
    contents(folder, {"images": entries})

cat = "Assets.xcassets"
contents(cat, {})
png(f"{cat}/Avatar.imageset/avatar.png", 40, 30, (255, 0, 0))
png(f"{cat}/Avatar.imageset/avatar@2x.png", 80, 60, (0, 255, 0))
png(f"{cat}/Avatar.imageset/avatar@3x.png", 120, 90, (0, 0, 255))
image_set(f"{cat}/Avatar.imageset", [
    {"filename": "avatar.png", "idiom": "universal", "scale": "1x"},
    {"filename": "avatar@2x.png", "idiom": "universal", "scale": "2x"},
    {"filename": "avatar@3x.png", "idiom": "universal", "scale": "3x"},
])
png(f"{cat}/OnlyTwoX.imageset/only@2x.png", 16, 12, (255, 0, 255))
image_set(f"{cat}/OnlyTwoX.imageset", [
    {"idiom": "universal", "scale": "1x"},
    {"filename": "only@2x.png", "idiom": "universal", "scale": "2x"},
    {"idiom": "universal", "scale": "3x"},
])
png(f"{cat}/Banner.imageset/banner.png", 300, 100, (255, 149, 0))
image_set(f"{cat}/Banner.imageset", [{"filename": "banner.png", "idiom": "universal", "scale": "1x"}])
os.makedirs(f"{cat}/Logo.imageset", exist_ok=True)
with open(f"{cat}/Logo.imageset/logo.svg", "w") as f:
    f.write('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="64" height="32" viewBox="0 0 64 32">'
            '<rect width="64" height="32" rx="6" fill="#30b0c7"/></svg>\n')
contents(f"{cat}/Logo.imageset", {"images": [{"filename": "logo.svg", "idiom": "universal"}],
                                  "properties": {"preserves-vector-representation": True}})
os.makedirs(f"{cat}/Mark.imageset", exist_ok=True)
with open(f"{cat}/Mark.imageset/mark.svg", "w") as f:
    f.write('<svg viewBox="0 0 48 24" xmlns="http://www.w3.org/2000/svg"><circle cx="12" cy="12" r="12" fill="#af52de"/></svg>\n')
image_set(f"{cat}/Mark.imageset", [{"filename": "mark.svg", "idiom": "universal"}])
os.makedirs(f"{cat}/Badge.imageset", exist_ok=True)
with open(f"{cat}/Badge.imageset/badge.pdf", "w") as f:
    f.write("%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n"
            "2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj\n"
            "3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 24 18] >> endobj\n"
            "trailer << /Root 1 0 R >>\n%%EOF\n")
contents(f"{cat}/Badge.imageset", {"images": [{"filename": "badge.pdf", "idiom": "universal"}],
                                   "properties": {"preserves-vector-representation": True}})
jpeg(f"{cat}/Photo.imageset/photo.jpg", 30, 20)
image_set(f"{cat}/Photo.imageset", [{"filename": "photo.jpg", "idiom": "universal", "scale": "1x"}])
contents(f"{cat}/Icons", {"properties": {"provides-namespace": True}})
png(f"{cat}/Icons/Star.imageset/star.png", 20, 20, (255, 204, 0))
image_set(f"{cat}/Icons/Star.imageset", [{"filename": "star.png", "idiom": "universal", "scale": "1x"}])
contents(f"{cat}/Plain", {})
png(f"{cat}/Plain/Dot.imageset/dot.png", 10, 10, (0, 0, 0))
image_set(f"{cat}/Plain/Dot.imageset", [{"filename": "dot.png", "idiom": "universal", "scale": "1x"}])

def color_set(name, colors):
    contents(f"{cat}/{name}.colorset", {"colors": colors})

color_set("Brand", [
    {"idiom": "universal", "color": {"color-space": "srgb",
                                     "components": {"red": "0.200", "green": "0.400", "blue": "0.600", "alpha": "1.000"}}},
    {"idiom": "universal", "appearances": [{"appearance": "luminosity", "value": "dark"}],
     "color": {"color-space": "srgb", "components": {"red": "1.000", "green": "1.000", "blue": "1.000", "alpha": "1.000"}}},
])
color_set("Hex", [{"idiom": "universal", "color": {"color-space": "srgb",
                                                   "components": {"red": "0x33", "green": "0x66", "blue": "0x99", "alpha": "0.500"}}}])
color_set("Bytes", [{"idiom": "universal", "color": {"color-space": "srgb",
                                                     "components": {"red": "51", "green": "102", "blue": "153", "alpha": "1.000"}}}])
color_set("Gray", [{"idiom": "universal", "color": {"color-space": "gray-gamma-22", "components": {"white": "0.500", "alpha": "1.000"}}}])
color_set("Linked", [{"idiom": "universal", "color": {"platform": "ios", "reference": "systemBlueColor"}}])
color_set("Widget", [
    {"idiom": "ipad", "color": {"color-space": "srgb", "components": {"red": "1.000", "green": "0.000", "blue": "0.000", "alpha": "1.000"}}},
    {"idiom": "universal", "color": {"color-space": "srgb", "components": {"red": "0.000", "green": "1.000", "blue": "0.000", "alpha": "1.000"}}},
])
png("Loose.png", 8, 6, (255, 0, 0))
