#!/usr/bin/env python3
"""Three numbers that sum up how a screenshot looks, so that two pictures
(ours and another simulator's) can be compared measured the same way.

Usage: scripts/look_metrics.py IMAGE.png [IMAGE.png...] [--exclude x,y,w,h]...

Prints one line per image:
  lit         fraction of the pixels whose HSV value V = max(r,g,b) > 0.1
              (r, g, b scaled to 0..1): how much of the window shows dye or
              glow rather than the black background. 0.1 sits above the
              near-black of an empty background and of dithering noise, and
              below any dye one can actually see.
  lightness   mean HSL lightness L = (max(r,g,b) + min(r,g,b)) / 2 over all
              the pixels measured: how bright the picture is as a whole (dark
              background included, so it grows with both coverage and glow).
  saturation  mean HSV saturation S = (max - min) / max over the lit pixels
              only: how vivid the colour of what is visible is. Dark pixels
              are left out because their hue and saturation are noise and
              their number would make a sparse picture look grey.
--exclude x,y,w,h (pixels, origin at the top-left, may repeat) leaves a
rectangle out of every measure, e.g. a settings panel drawn over the fluid;
it is clipped to the image. The same rectangles apply to every image given.

The values are the PNG's stored sample values taken as they are (no gamma
or colour-space conversion: both programs draw sRGB-encoded 8-bit pixels);
an alpha channel is ignored (screenshots are opaque). Standard library only:
the PNG is decoded here with zlib (8 or 16 bits per sample; palette images
with 8 bits; not interlaced). Exits 1 with a message for a file it cannot
read or decode, 2 for bad arguments.
"""

import struct
import sys
import zlib

LIT_THRESHOLD = 0.1  # on max(r, g, b), 0..1


class PngError(Exception):
    pass


def read_png(path):
    """Returns (width, height, rows, channels, maxval, palette): rows is a list
    of bytes-like scanlines, unfiltered, samples big-endian when 16-bit."""
    try:
        with open(path, "rb") as f:
            data = f.read()
    except OSError as e:
        raise PngError(e.strerror or str(e))
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise PngError("not a PNG file")
    pos, idat, palette, header = 8, [], None, None
    while pos + 8 <= len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if len(body) != length:
            raise PngError("truncated chunk " + kind.decode("latin-1"))
        pos += 12 + length
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"PLTE":
            palette = body
        elif kind == b"IDAT":
            idat.append(body)
        elif kind == b"IEND":
            break
    if header is None or not idat:
        raise PngError("no IHDR or no IDAT chunk")
    width, height, depth, ctype, _, _, interlace = header
    channels = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}.get(ctype)
    if channels is None:
        raise PngError("unknown colour type %d" % ctype)
    if interlace:
        raise PngError("interlaced PNGs are not supported")
    if depth not in (8, 16) or (ctype == 3 and depth != 8):
        raise PngError("%d-bit samples (colour type %d) are not supported" % (depth, ctype))
    if ctype == 3 and not palette:
        raise PngError("palette image without a PLTE chunk")
    try:
        raw = zlib.decompress(b"".join(idat))
    except zlib.error as e:
        raise PngError("corrupt image data: %s" % e)
    bpp = channels * depth // 8  # bytes per pixel, the filters' stride
    stride = width * bpp
    if len(raw) < height * (stride + 1):
        raise PngError("image data too short")
    rows, prev = [], bytearray(stride)
    for y in range(height):
        start = y * (stride + 1)
        ftype, line = raw[start], bytearray(raw[start + 1:start + 1 + stride])
        if ftype == 1:  # Sub
            for i in range(bpp, stride):
                line[i] = (line[i] + line[i - bpp]) & 255
        elif ftype == 2:  # Up
            line = bytearray((a + b) & 255 for a, b in zip(line, prev))
        elif ftype == 3:  # Average
            for i in range(stride):
                left = line[i - bpp] if i >= bpp else 0
                line[i] = (line[i] + ((left + prev[i]) >> 1)) & 255
        elif ftype == 4:  # Paeth
            for i in range(stride):
                a = line[i - bpp] if i >= bpp else 0
                b = prev[i]
                c = prev[i - bpp] if i >= bpp else 0
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                pred = a if pa <= pb and pa <= pc else (b if pb <= pc else c)
                line[i] = (line[i] + pred) & 255
        elif ftype != 0:
            raise PngError("bad filter type %d in row %d" % (ftype, y))
        rows.append(line)
        prev = line
    return width, height, rows, channels, (1 << depth) - 1, (palette if ctype == 3 else None)


def samples(row, channels, depth16):
    """The row as a flat list of integer samples."""
    if depth16:
        return list(struct.unpack(">%dH" % (len(row) // 2), row))
    return list(row)


def free_spans(width, y, rects):
    """Column ranges [x0, x1) of row y not covered by any excluded rectangle."""
    cuts = sorted((max(0, x), min(width, x + w)) for x, ry, w, h in rects if ry <= y < ry + h)
    spans, x = [], 0
    for x0, x1 in cuts:
        if x0 > x:
            spans.append((x, x0))
        x = max(x, x1)
    if x < width:
        spans.append((x, width))
    return spans


def measure(path, rects):
    width, height, rows, channels, maxval, palette = read_png(path)
    depth16 = maxval == 65535
    lit_limit = LIT_THRESHOLD * maxval
    count = lit = 0
    lightness_sum = 0  # sum of max + min, in samples
    saturation_sum = 0.0
    for y, row in enumerate(rows):
        spans = free_spans(width, y, rects)
        if not spans:
            continue
        s = samples(row, channels, depth16)
        if palette is not None:
            rgb = []
            for i in s:
                rgb.extend(palette[3 * i:3 * i + 3] if 3 * i + 3 <= len(palette) else (0, 0, 0))
            s, step = rgb, 3
        else:
            step = channels
        for x0, x1 in spans:
            count += x1 - x0
            for i in range(x0 * step, x1 * step, step):
                if step >= 3:
                    r, g, b = s[i], s[i + 1], s[i + 2]
                    mx = r if r > g else g
                    if b > mx:
                        mx = b
                    mn = r if r < g else g
                    if b < mn:
                        mn = b
                else:  # grey (and grey + alpha)
                    mx = mn = s[i]
                lightness_sum += mx + mn
                if mx > lit_limit:
                    lit += 1
                    saturation_sum += (mx - mn) / mx
    if count == 0:
        raise ValueError("the excluded rectangles cover the whole %dx%d image" % (width, height))
    return {
        "size": (width, height),
        "pixels": count,
        "lit": lit / count,
        "lightness": lightness_sum / (2.0 * maxval * count),
        "saturation": saturation_sum / lit if lit else None,
    }


def parse_rect(text):
    try:
        x, y, w, h = (int(v) for v in text.split(","))
    except ValueError:
        raise SystemExit("look_metrics: --exclude wants x,y,w,h in whole pixels, got '%s'" % text)
    if w <= 0 or h <= 0:
        raise SystemExit("look_metrics: --exclude '%s': width and height must be positive" % text)
    return (x, y, w, h)


def main(argv):
    images, rects, i = [], [], 0
    usage = "usage: look_metrics.py IMAGE.png [IMAGE.png...] [--exclude x,y,w,h]..."
    while i < len(argv):
        a = argv[i]
        if a in ("-h", "--help"):
            print(__doc__.strip())
            return 0
        if a == "--exclude" or a.startswith("--exclude="):
            if "=" in a:
                value = a.split("=", 1)[1]
            elif i + 1 < len(argv):
                i += 1
                value = argv[i]
            else:
                print("look_metrics: --exclude needs x,y,w,h\n" + usage, file=sys.stderr)
                return 2
            try:
                rects.append(parse_rect(value))
            except SystemExit as e:
                print(e, file=sys.stderr)
                return 2
        elif a.startswith("-") and a != "-":
            print("look_metrics: unknown option '%s'\n%s" % (a, usage), file=sys.stderr)
            return 2
        else:
            images.append(a)
        i += 1
    if not images:
        print(usage, file=sys.stderr)
        return 2
    failed = False
    for path in images:
        try:
            m = measure(path, rects)
        except PngError as e:
            print("look_metrics: cannot read %s: %s" % (path, e), file=sys.stderr)
            failed = True
            continue
        except ValueError as e:
            print("look_metrics: cannot measure %s: %s" % (path, e), file=sys.stderr)
            failed = True
            continue
        sat = "%.3f" % m["saturation"] if m["saturation"] is not None else "n/a"
        w, h = m["size"]
        print("%s: lit %.3f  lightness %.3f  saturation %s  (%d of %dx%d pixels measured)"
              % (path, m["lit"], m["lightness"], sat, m["pixels"], w, h))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
