#!/bin/sh
# Draws the asset catalog's image sets from these SVGs (rsvg-convert, from librsvg2-bin): each
# 200 × 120 pt, at 2x (400 × 240 px) and 3x (600 × 360 px). Run from this folder after editing one.
set -eu
for name in lisbon kyoto reykjavik marrakesh helsinki capetown; do
  set_dir=../Resources/Assets.xcassets/$name.imageset
  mkdir -p "$set_dir"
  rsvg-convert -w 400 -h 240 "$name.svg" -o "$set_dir/$name@2x.png"
  rsvg-convert -w 600 -h 360 "$name.svg" -o "$set_dir/$name@3x.png"
  cat > "$set_dir/Contents.json" <<JSON
{
  "images" : [
    { "idiom" : "universal", "scale" : "1x" },
    { "filename" : "$name@2x.png", "idiom" : "universal", "scale" : "2x" },
    { "filename" : "$name@3x.png", "idiom" : "universal", "scale" : "3x" }
  ],
  "info" : { "author" : "xcode", "version" : 1 }
}
JSON
done
