#!/usr/bin/env bash
# Renders resources/icons/hashscope.svg to every icon format the installers need and writes the
# results next to it. The outputs are committed, so builds and CI never need these renderers.
#   resources/icons/png/hashscope-N.png  N = 16 22 24 32 48 64 128 256 512 (Linux hicolor, Qt)
#   resources/icons/hashscope.ico        Windows: 16 24 32 48 64 256 in one file
#   resources/icons/hashscope.icns       macOS: 16 32 48 128 256 512
#   installer/windows/nsis-header.bmp    NSIS installer header, 150x57 BMP3 (needs imagemagick)
# Needs (Debian): librsvg2-bin (rsvg-convert), icoutils (icotool), icnsutils (png2icns).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
src=resources/icons/hashscope.svg
out=resources/icons
for tool in rsvg-convert icotool png2icns; do
  command -v "$tool" >/dev/null || {
    echo "render-icons: $tool is missing: apt-get install librsvg2-bin icoutils icnsutils" >&2
    exit 1
  }
done

mkdir -p "$out/png"
for n in 16 22 24 32 48 64 128 256 512; do
  rsvg-convert --width "$n" --height "$n" --keep-aspect-ratio "$src" --output "$out/png/hashscope-$n.png"
done

# Windows: PNG-compressed 256 entry, classic bitmaps for the small ones (what Explorer expects).
icotool --create --output "$out/hashscope.ico" \
  "$out/png/hashscope-16.png" "$out/png/hashscope-24.png" "$out/png/hashscope-32.png" \
  "$out/png/hashscope-48.png" "$out/png/hashscope-64.png" --raw="$out/png/hashscope-256.png"

# macOS: png2icns picks the icon type from each PNG's size.
png2icns "$out/hashscope.icns" \
  "$out/png/hashscope-16.png" "$out/png/hashscope-32.png" "$out/png/hashscope-48.png" \
  "$out/png/hashscope-128.png" "$out/png/hashscope-256.png" "$out/png/hashscope-512.png" >/dev/null

# NSIS wants an uncompressed BMP3 without alpha for its header image.
if command -v convert >/dev/null && convert -version 2>/dev/null | grep -q ImageMagick; then
  convert -size 150x57 xc:white \( "$out/png/hashscope-48.png" \) -gravity center -composite \
    -alpha remove -type TrueColor BMP3:installer/windows/nsis-header.bmp
else
  echo "render-icons: imagemagick is missing: installer/windows/nsis-header.bmp not updated" >&2
fi

echo "render-icons: wrote $out/png/*.png, $out/hashscope.ico, $out/hashscope.icns"
