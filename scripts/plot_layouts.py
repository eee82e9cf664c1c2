#!/usr/bin/env python3
"""Runs `fluidsim --headless` on both velocity layouts (collocated and staggered)
and draws the four figures of docs/validation.md §5c as hand-written SVG.

    scripts/plot_layouts.py [--exe build/release/src/fluidsim] [--data build/layouts-data]
                            [--images docs/images] [--tunnel-steps 1500] [--rerun] [--plots-only]

No dependencies beyond Python 3. Each run writes <data>/<name>.log (fluidsim's
stdout, written only when the run succeeded) and its CSV; a run whose log
exists is not repeated unless --rerun is given, so replotting is quick.
A missing runner or a failed run stops the script with a message and exit 1.

The runs, in the order they are made (FS = build/release/src/fluidsim, D = the
--data folder); every other setting is the scenario's default:

  # layouts_divergence.svg: the demo, 256², 300 steps, max |div u| after each step
  FS --headless --grid 256 --steps 300 --layout collocated --export-energy D/div_collocated_c2.csv
  FS --headless --grid 256 --steps 300 --layout staggered --multigrid-cycles 2 --export-energy D/div_staggered_c2.csv
  FS --headless --grid 256 --steps 300 --layout staggered --multigrid-cycles 4 --export-energy D/div_staggered_c4.csv
  # layouts_taylor_green.svg: 128², nu 0.05, t = 2 s, CFL 0.5
  FS --headless --scenario taylor-green --grid 128 --layout collocated --projection plain \
     --export-energy D/tg_collocated_plain.csv
  FS --headless --scenario taylor-green --grid 128 --layout collocated --projection incremental \
     --export-energy D/tg_collocated_incremental.csv
  FS --headless --scenario taylor-green --grid 128 --layout staggered --projection plain \
     --export-energy D/tg_staggered_plain.csv
  FS --headless --scenario taylor-green --grid 128 --layout staggered --projection incremental \
     --export-energy D/tg_staggered_incremental.csv
  # layouts_cavity.svg: Re = 100, 128², until steady
  FS --headless --scenario cavity --grid 128 --layout collocated \
     --export-centerlines D/cavity_collocated.centerlines.csv
  FS --headless --scenario cavity --grid 128 --layout staggered \
     --export-centerlines D/cavity_staggered.centerlines.csv
  # layouts_strouhal.svg: the tunnel's cylinder at Re = 100, 240 x 96
  FS --headless --scenario tunnel --steps 1500 --layout collocated --export-probe D/tunnel_collocated_1500.csv
  FS --headless --scenario tunnel --steps 1500 --layout staggered --export-probe D/tunnel_staggered_1500.csv

All runs use the GPU backend (llvmpipe on a machine without a GPU; it gives
the same numbers as --backend cpu, docs/validation.md §4). On a shared 2-core
machine the eleven runs take about 6 minutes, the tunnel and the cavity most
of it. --tunnel-steps N runs the tunnel for N steps instead
(the shedding is measured from step 562 on, so N should be well above that).
"""

import argparse
import csv
import math
import os
import re
import subprocess
import sys
import time
import xml.etree.ElementTree as ET

# The profile at a point, linear between cell centres and to the wall values:
# the same interpolation plot_validation.py measures the cavity with.
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from plot_validation import sample  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

LAYOUTS = ("collocated", "staggered")
COLOUR = {"collocated": "#1f6fb4", "staggered": "#d9541a"}
REFERENCE = "#000000"
TUNNEL_STEPS = 1500
TUNNEL_SHOWN_STEPS = 300  # the probe plot shows the run's last 300 steps


# ---------------------------------------------------------------- the runs

def runs(tunnel_steps):
    """(name, flags, output flag) of every run, in order."""
    out = []
    demo = ["--grid", "256", "--steps", "300"]
    out.append(("div_collocated_c2", demo + ["--layout", "collocated"], "--export-energy"))
    for c in (2, 4):
        out.append((f"div_staggered_c{c}", demo + ["--layout", "staggered", "--multigrid-cycles", str(c)],
                    "--export-energy"))
    for layout in LAYOUTS:
        for projection in ("plain", "incremental"):
            # Named either way: the default (auto) is incremental on this periodic box.
            flags = ["--scenario", "taylor-green", "--grid", "128", "--layout", layout, "--projection", projection]
            out.append((f"tg_{layout}_{projection}", flags, "--export-energy"))
    for layout in LAYOUTS:
        out.append((f"cavity_{layout}", ["--scenario", "cavity", "--grid", "128", "--layout", layout],
                    "--export-centerlines"))
    for layout in LAYOUTS:
        flags = ["--scenario", "tunnel", "--steps", str(tunnel_steps), "--layout", layout]
        out.append((f"tunnel_{layout}_{tunnel_steps}", flags, "--export-probe"))
    return out


def fail(message):
    print(f"plot_layouts.py: {message}", file=sys.stderr)
    sys.exit(1)


def run_all(exe, data, rerun, tunnel_steps):
    if not (os.path.isfile(exe) and os.access(exe, os.X_OK)):
        fail(f"no runner at {exe} (build it: cmake --preset release && cmake --build --preset release "
             f"--target fluidsim, or pass --exe)")
    os.makedirs(data, exist_ok=True)
    for name, flags, export in runs(tunnel_steps):
        log_path = os.path.join(data, name + ".log")
        if not rerun and os.path.exists(log_path):
            continue
        csv_path = os.path.join(data, name + (".centerlines.csv" if export == "--export-centerlines" else ".csv"))
        cmd = [exe, "--headless", *flags, export, csv_path]
        print("  " + " ".join(cmd), flush=True)
        start = time.time()
        result = subprocess.run(cmd, capture_output=True, text=True)
        if result.returncode != 0:
            fail(f"run {name} failed with exit code {result.returncode}:\n  {' '.join(cmd)}\n"
                 f"{result.stdout}{result.stderr}")
        with open(log_path, "w") as f:
            f.write(result.stdout)
        print(f"    {time.time() - start:.0f} s", flush=True)


def read_csv(path):
    if not os.path.exists(path):
        fail(f"{path} is missing (run without --plots-only)")
    with open(path, newline="") as f:
        return list(csv.DictReader(line for line in f if not line.startswith("#")))


def read_log(data, name):
    path = os.path.join(data, name + ".log")
    if not os.path.exists(path):
        fail(f"{path} is missing (run without --plots-only)")
    with open(path) as f:
        return f.read()


def log_number(text, pattern, name):
    m = re.search(pattern, text)
    if not m:
        fail(f"{name}.log has no line matching {pattern!r}")
    return float(m.group(1))


# ---------------------------------------------------------------- SVG

def nice_step(span, count):
    raw = span / max(count, 1)
    mag = 10 ** math.floor(math.log10(raw))
    for m in (1, 2, 2.5, 5, 10):
        if m * mag >= raw:
            return m * mag
    return 10 * mag


def fmt(v):
    if v == 0:
        return "0"
    if abs(v) >= 1e4 or abs(v) < 1e-3:
        return f"{v:.0e}".replace("e-0", "e-").replace("e+0", "e")
    return f"{v:.6g}"


class Panel:
    """One plot: axes, ticks, labels, series and a legend, drawn into a rectangle."""

    def __init__(self, x0, x1, y0, y1, xlabel, ylabel, title="", logy=False):
        self.xr, self.yr = (x0, x1), (y0, y1)
        self.xlabel, self.ylabel, self.title, self.logy = xlabel, ylabel, title, logy
        self.series, self.notes = [], []
        self.legend_at = "upper right"
        self.xticks = None  # [(x, label)] instead of numbered ticks (a categorical axis)

    def line(self, xs, ys, colour, label=None, dash=None, width=1.8, max_points=400):
        step = max(1, math.ceil(len(xs) / max_points))
        pts = list(zip(xs, ys))
        keep = pts[::step]
        if pts and keep[-1] != pts[-1]:
            keep.append(pts[-1])
        self.series.append(("line", keep, colour, label, dash, width))

    def points(self, xs, ys, colour, label=None, shape="circle", filled=False):
        self.series.append(("points", list(zip(xs, ys)), colour, label, shape, filled))

    def hline(self, y, colour, label=None, dash=None, width=1.2):
        self.series.append(("line", [(self.xr[0], y), (self.xr[1], y)], colour, label, dash, width))

    def note(self, text):
        self.notes.append(text)

    def draw(self, svg, left, top, width, height):
        entries = [s for s in self.series if s[3]]
        below = self.legend_at == "below"
        pad_l, pad_r, pad_t, pad_b = 62, 12, 28 if self.title else 12, 44
        if below:  # the legend gets its own rows under the x label
            pad_b += 16 + 17 * (len(entries) + len(self.notes))
        px0, px1 = left + pad_l, left + width - pad_r
        py0, py1 = top + height - pad_b, top + pad_t  # py0: bottom
        lo, hi = (math.log10(v) for v in self.yr) if self.logy else self.yr

        def X(x):
            return px0 + (x - self.xr[0]) / (self.xr[1] - self.xr[0]) * (px1 - px0)

        def Y(y):
            v = math.log10(max(y, 1e-300)) if self.logy else y
            return py0 - (v - lo) / (hi - lo) * (py0 - py1)

        clip = f"clip{len(svg.clips)}"
        svg.clips.append(f'<clipPath id="{clip}"><rect x="{px0:.1f}" y="{py1:.1f}" '
                         f'width="{px1 - px0:.1f}" height="{py0 - py1:.1f}"/></clipPath>')
        out = svg.body
        if self.title:
            out.append(f'<text x="{(px0 + px1) / 2:.1f}" y="{top + 16}" text-anchor="middle" '
                       f'font-weight="bold">{esc(self.title)}</text>')
        # Grid and ticks.
        xticks = self.xticks
        if xticks is None:
            xstep = nice_step(self.xr[1] - self.xr[0], 6)
            first = math.ceil(self.xr[0] / xstep - 1e-9)
            xticks = []
            while (first + len(xticks)) * xstep <= self.xr[1] + 1e-9 * xstep:
                x = (first + len(xticks)) * xstep
                xticks.append((x, fmt(round(x, 10))))
        for x, label in xticks:
            out.append(f'<line x1="{X(x):.1f}" y1="{py0:.1f}" x2="{X(x):.1f}" y2="{py1:.1f}" class="grid"/>')
            out.append(f'<line x1="{X(x):.1f}" y1="{py0:.1f}" x2="{X(x):.1f}" y2="{py0 + 4:.1f}" class="axis"/>')
            out.append(f'<text x="{X(x):.1f}" y="{py0 + 17:.1f}" text-anchor="middle">{esc(label)}</text>')
        if self.logy:
            for k in range(math.floor(lo), math.ceil(hi) + 1):
                for m in range(1, 10):
                    v = m * 10.0 ** k
                    if not (lo - 1e-9 <= math.log10(v) <= hi + 1e-9):
                        continue
                    short = hi - lo < 1.2  # within about a decade: label the minor ticks too
                    if short:
                        out.append(f'<line x1="{px0:.1f}" y1="{Y(v):.1f}" x2="{px1:.1f}" y2="{Y(v):.1f}" '
                                   f'class="grid"/>')
                        out.append(f'<line x1="{px0 - 5:.1f}" y1="{Y(v):.1f}" x2="{px0:.1f}" y2="{Y(v):.1f}" '
                                   f'class="axis"/>')
                        out.append(f'<text x="{px0 - 8:.1f}" y="{Y(v) + 4:.1f}" text-anchor="end">{fmt(v)}</text>')
                    elif m == 1:
                        out.append(f'<line x1="{px0:.1f}" y1="{Y(v):.1f}" x2="{px1:.1f}" y2="{Y(v):.1f}" '
                                   f'class="grid"/>')
                        out.append(f'<line x1="{px0 - 5:.1f}" y1="{Y(v):.1f}" x2="{px0:.1f}" y2="{Y(v):.1f}" '
                                   f'class="axis"/>')
                        out.append(f'<text x="{px0 - 8:.1f}" y="{Y(v) + 4:.1f}" text-anchor="end">'
                                   f'10<tspan dy="-6" font-size="9">{k}</tspan></text>')
                    else:
                        out.append(f'<line x1="{px0 - 3:.1f}" y1="{Y(v):.1f}" x2="{px0:.1f}" y2="{Y(v):.1f}" '
                                   f'class="axis"/>')
        else:
            ystep = nice_step(hi - lo, 6)
            y = math.ceil(lo / ystep - 1e-9) * ystep
            while y <= hi + 1e-9 * ystep:
                out.append(f'<line x1="{px0:.1f}" y1="{Y(y):.1f}" x2="{px1:.1f}" y2="{Y(y):.1f}" class="grid"/>')
                out.append(f'<line x1="{px0 - 4:.1f}" y1="{Y(y):.1f}" x2="{px0:.1f}" y2="{Y(y):.1f}" class="axis"/>')
                out.append(f'<text x="{px0 - 7:.1f}" y="{Y(y) + 4:.1f}" text-anchor="end">{fmt(round(y, 10))}</text>')
                y += ystep
        out.append(f'<rect x="{px0:.1f}" y="{py1:.1f}" width="{px1 - px0:.1f}" height="{py0 - py1:.1f}" '
                   f'class="frame"/>')
        out.append(f'<text x="{(px0 + px1) / 2:.1f}" y="{py0 + 36:.1f}" text-anchor="middle">'
                   f'{esc(self.xlabel)}</text>')
        cy = (py0 + py1) / 2
        out.append(f'<text x="{left + 14}" y="{cy:.1f}" text-anchor="middle" '
                   f'transform="rotate(-90 {left + 14} {cy:.1f})">{esc(self.ylabel)}</text>')
        # Series, clipped to the plot area.
        out.append(f'<g clip-path="url(#{clip})">')
        for kind, pts, colour, _label, a, b in self.series:
            if kind == "line":
                d = " ".join(f"{X(x):.1f},{Y(y):.1f}" for x, y in pts)
                dash = f' stroke-dasharray="{a}"' if a else ""
                out.append(f'<polyline points="{d}" fill="none" stroke="{colour}" stroke-width="{b}"{dash}/>')
            else:
                for x, y in pts:
                    out.append(marker(X(x), Y(y), colour, a, b))
        out.append("</g>")
        # Legend.
        if entries or self.notes:
            rows = len(entries) + len(self.notes)
            lw = 12 + 30 + 7 * max(len(s[3]) for s in entries + [("", "", "", n) for n in self.notes])
            lh = 8 + 17 * rows
            lx = px1 - lw - 8 if "right" in self.legend_at else px0 + 8
            ly = py1 + 8 if "upper" in self.legend_at else py0 - lh - 8
            if below:
                lx, ly = px0, py0 + 48
            out.append(f'<rect x="{lx:.1f}" y="{ly:.1f}" width="{lw:.1f}" height="{lh:.1f}" class="legend"/>')
            for i, (kind, _pts, colour, label, a, b) in enumerate(entries):
                yy = ly + 14 + 17 * i
                if kind == "line":
                    dash = f' stroke-dasharray="{a}"' if a else ""
                    out.append(f'<line x1="{lx + 8:.1f}" y1="{yy - 4:.1f}" x2="{lx + 34:.1f}" y2="{yy - 4:.1f}" '
                               f'stroke="{colour}" stroke-width="{b}"{dash}/>')
                else:
                    out.append(marker(lx + 21, yy - 4, colour, a, b))
                out.append(f'<text x="{lx + 40:.1f}" y="{yy:.1f}">{esc(label)}</text>')
            for j, text in enumerate(self.notes):
                yy = ly + 14 + 17 * (len(entries) + j)
                out.append(f'<text x="{lx + 8:.1f}" y="{yy:.1f}" class="note">{esc(text)}</text>')


def marker(x, y, colour, shape, filled):
    fill = colour if filled else "#ffffff"
    if shape == "square":
        return (f'<rect x="{x - 3.2:.1f}" y="{y - 3.2:.1f}" width="6.4" height="6.4" fill="{fill}" '
                f'stroke="{colour}" stroke-width="1.3"/>')
    return f'<circle cx="{x:.1f}" cy="{y:.1f}" r="3.4" fill="{fill}" stroke="{colour}" stroke-width="1.3"/>'


def esc(text):
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


class Figure:
    def __init__(self, width, height, title):
        self.width, self.height, self.title = width, height, title
        self.panels, self.body, self.clips = [], [], []

    def add(self, panel, left, top, width, height):
        self.panels.append((panel, left, top, width, height))

    def save(self, path):
        top = 30
        for panel, left, ptop, width, height in self.panels:
            panel.draw(self, left, ptop + top, width, height)
        text = "\n".join([
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{self.width}" height="{self.height + top}" '
            f'viewBox="0 0 {self.width} {self.height + top}" font-family="DejaVu Sans, Arial, sans-serif" '
            f'font-size="12">',
            "<style>.grid{stroke:#e3e3e3;stroke-width:1}.axis{stroke:#333;stroke-width:1}"
            ".frame{fill:none;stroke:#333;stroke-width:1}.legend{fill:#fff;fill-opacity:0.9;stroke:#999}"
            ".note{fill:#444;font-style:italic}</style>",
            "<defs>", *self.clips, "</defs>",
            f'<rect width="100%" height="100%" fill="#ffffff"/>',
            f'<text x="{self.width / 2}" y="20" text-anchor="middle" font-size="14" font-weight="bold">'
            f'{esc(self.title)}</text>',
            *self.body, "</svg>", ""])
        ET.fromstring(text)  # a figure that is not well-formed XML fails here, not in a browser
        with open(path, "w") as f:
            f.write(text)
        print(f"  wrote {os.path.relpath(path, ROOT)} ({len(text) // 1024} KiB)")


# ---------------------------------------------------------------- the figures

def divergence_figure(data, images):
    runs = [("div_collocated_c2", "collocated", "collocated, 2 V-cycles", None),
            ("div_staggered_c2", "staggered", "staggered, 2 V-cycles", None),
            ("div_staggered_c4", "staggered", "staggered, 4 V-cycles", "7 3 2 3")]
    panel = Panel(0, 300, 1e-3, 1e3, "step", "max |div u| after the projection (1/s)", logy=True)
    panel.legend_at = "below"
    print("\n| layout | V-cycles | worst relative divergence, any step | after step 300 |")
    print("|---|---|---|---|")
    lows, highs = [], []
    for name, layout, label, dash in runs:
        rows = read_csv(os.path.join(data, name + ".csv"))[1:]  # row 0 is t = 0, before any step
        divs = [float(r["max_divergence"]) for r in rows]
        log = read_log(data, name)
        worst = log_number(log, r"worst relative divergence after any step: ([0-9.e+-]+)", name)
        last = log_number(log, r"relative \(max \|div u\| h / max \|u\|\) = ([0-9.e+-]+)", name)
        print(f"| {layout} | {name[-1]} | {worst:.3g} | {last:.3g} |")
        panel.line(list(range(1, len(divs) + 1)), divs, COLOUR[layout],
                   f"{label}: worst rel. {worst:.2g}, last {last:.2g}", dash)
        lows.append(min(d for d in divs if d > 0))
        highs.append(max(divs))
    panel.yr = (10 ** math.floor(math.log10(min(lows))), 10 ** math.ceil(math.log10(max(highs))))
    panel.note("rel. = max |div u| h / max |u| (the runner's figure)")
    fig = Figure(760, 500, "Divergence left by the projection: the demo, 256², 300 steps")
    fig.add(panel, 0, 0, 760, 500)
    fig.save(os.path.join(images, "layouts_divergence.svg"))


def taylor_green_figure(data, images):
    energy = Panel(0, 2, 0.6, 1.0, "t (s)", "E(t) / E(0)", "Kinetic energy", logy=True)
    error = Panel(0, 2, -3, 1, "t (s)", "E / E_exact − 1 (%)", "Against the exact decay")
    energy.legend_at = "lower left"
    error.legend_at = "lower left"
    print("\n| layout | plain: decay rate | velocity error | incremental: decay rate | velocity error |")
    print("|---|---|---|---|---|")
    nu = 0.05
    lo_err, hi_err = 0.0, 0.0
    for layout in LAYOUTS:
        cells = []
        for projection, dash, width in (("plain", None, 3.2 if layout == "collocated" else 1.6),
                                        ("incremental", "7 3 2 3", 3.2 if layout == "collocated" else 1.6)):
            name = f"tg_{layout}_{projection}"
            rows = read_csv(os.path.join(data, name + ".csv"))
            t = [float(r["t"]) for r in rows]
            e = [float(r["kinetic_energy"]) for r in rows]
            ratio = [x / e[0] for x in e]
            err = [100 * (x / (e[0] * math.exp(-4 * nu * s)) - 1) for x, s in zip(e, t)]
            energy.line(t, ratio, COLOUR[layout], f"{layout}, {projection}", dash, width)
            rate = -math.log(e[-1] / e[0]) / t[-1] / (4 * nu) - 1  # §5c's figure: from the first and last energy
            error.line(t, err, COLOUR[layout], f"{layout}, {projection}: decay rate {100 * rate:+.2f}%", dash, width)
            lo_err, hi_err = min(lo_err, *err), max(hi_err, *err)
            log = read_log(data, name)
            vel = log_number(log, r"max \|u - u_exact\| / max \|u_exact\| = ([0-9.e+-]+)", name)
            cells += [f"{100 * rate:+.2f}%", f"{vel:.2g}"]
        print(f"| {layout} | " + " | ".join(cells) + " |")
    ts = [2 * k / 100 for k in range(101)]
    energy.line(ts, [math.exp(-4 * nu * s) for s in ts], REFERENCE, "exact: exp(−4 ν t)", "6 4", 1.3)
    energy.yr = (0.6, 1.0)
    error.hline(0, REFERENCE, "exact", "6 4", 1.3)
    step = nice_step(hi_err - lo_err, 5)
    error.yr = (math.floor(lo_err / step) * step - step, math.ceil(hi_err / step) * step)
    fig = Figure(980, 420, "Taylor-Green vortex, 128², ν = 0.05, CFL 0.5, MacCormack")
    fig.add(energy, 0, 0, 470, 420)
    fig.add(error, 490, 0, 490, 420)
    fig.save(os.path.join(images, "layouts_taylor_green.svg"))


def ghia(name):
    rows = read_csv(os.path.join(ROOT, "tests", "data", name))
    key = "y" if "y" in rows[0] else "x"
    value = "u" if "u" in rows[0] else "v"
    return [float(r[key]) for r in rows], [float(r[value]) for r in rows]


def cavity_figure(data, images):
    gy, gu = ghia("ghia1982_re100_u_vertical.csv")
    gx, gv = ghia("ghia1982_re100_v_horizontal.csv")
    upanel = Panel(-0.3, 1.0, 0, 1, "u / U on x = 0.5", "y", "u(y)")
    vpanel = Panel(0, 1, -0.3, 0.2, "x", "v / U on y = 0.5", "v(x)")
    dpanel = Panel(0, 1, -0.01, 0.01, "y (for u), x (for v)", "deviation from Ghia (/ U)", "At Ghia's points")
    upanel.legend_at = "lower right"
    vpanel.legend_at = "lower left"
    dpanel.legend_at = "lower left"
    print("\n| layout | max deviation from Ghia: u / v |")
    print("|---|---|")
    for layout in LAYOUTS:
        rows = read_csv(os.path.join(data, f"cavity_{layout}.centerlines.csv"))
        s = [float(r["s"]) for r in rows]
        u = [float(r["u_vertical"]) for r in rows]
        v = [float(r["v_horizontal"]) for r in rows]
        width = 3.2 if layout == "collocated" else 1.6
        upanel.line([0.0] + u + [1.0], [0.0] + s + [1.0], COLOUR[layout], layout, None, width)
        vpanel.line([0.0] + s + [1.0], [0.0] + v + [0.0], COLOUR[layout], layout, None, width)
        du = [sample(s, u, y, 0.0, 1.0) - val for y, val in zip(gy, gu)]
        dv = [sample(s, v, x, 0.0, 0.0) - val for x, val in zip(gx, gv)]
        mu, mv = max(abs(d) for d in du), max(abs(d) for d in dv)
        print(f"| {layout} | {mu:.4f} / {mv:.4f} |")
        dpanel.points(gy, du, COLOUR[layout], f"{layout}, u: max {mu:.4f}", "circle", layout == "collocated")
        dpanel.points(gx, dv, COLOUR[layout], f"{layout}, v: max {mv:.4f}", "square", layout == "collocated")
        steady = re.search(r"steady\s+after ([0-9.e+-]+) s simulated \((\d+) steps", read_log(data, f"cavity_{layout}"))
        if not steady:
            fail(f"cavity_{layout}.log: the cavity did not report a steady state")
    upanel.points(gu, gy, REFERENCE, "Ghia et al. 1982")
    vpanel.points(gx, gv, REFERENCE, "Ghia et al. 1982")
    dpanel.hline(0, REFERENCE, None, "6 4", 1.0)
    worst = max(abs(y) for p in dpanel.series if p[0] == "points" for _, y in p[1])
    step = nice_step(worst, 3)
    dpanel.yr = (-2 * math.ceil(worst / step) * step, math.ceil(worst / step) * step)  # room for the legend
    fig = Figure(1080, 420, "Lid-driven cavity, Re = 100, 128², steady state: centre lines against Ghia et al. (1982)")
    fig.add(upanel, 0, 0, 340, 420)
    fig.add(vpanel, 350, 0, 340, 420)
    fig.add(dpanel, 700, 0, 380, 420)
    fig.save(os.path.join(images, "layouts_cavity.svg"))


def strouhal_figure(data, images, tunnel_steps):
    shown = min(TUNNEL_SHOWN_STEPS, tunnel_steps)
    probe = Panel(0, 1, -1, 1, "t (s)", "v at the probe, 2 D behind the cylinder (m/s)",
                  f"Probe signal, last {shown} of {tunnel_steps} steps")
    stp = Panel(0.5, 2.5, 0.14, 0.175, "", "St = f D / U", "Strouhal number")
    probe.legend_at = "lower left"
    stp.legend_at = "lower right"
    stp.xticks = [(k + 1, layout) for k, layout in enumerate(LAYOUTS)]
    print("\n| layout | St | periods | from step |")
    print("|---|---|---|---|")
    lo, hi = 0.0, 0.0
    reference = None
    for k, layout in enumerate(LAYOUTS):
        name = f"tunnel_{layout}_{tunnel_steps}"
        rows = read_csv(os.path.join(data, name + ".csv"))[-shown:]
        t = [float(r["t"]) for r in rows]
        v = [float(r["v"]) for r in rows]
        lo, hi = min(lo, *v), max(hi, *v)
        log = read_log(data, name)
        m = re.search(r"St = f D / U = ([0-9.]+) \(f = [0-9.e+-]+ Hz over (\d+) periods from step (\d+)", log)
        if not m:
            fail(f"{name}.log: no Strouhal number (no shedding?)")
        st = float(m.group(1))
        ref = log_number(log, r"reference\s+St = ([0-9.]+)", name)
        if reference is not None and abs(ref - reference) > 1e-9:
            fail("the two tunnel runs cite different references")
        reference = ref
        print(f"| {layout} | {st:.4f} ({100 * (st / ref - 1):+.1f}% vs {ref:.4f}) | {m.group(2)} | {m.group(3)} |")
        probe.line(t, v, COLOUR[layout], f"{layout}: St = {st:.4f}", None, 1.6)
        probe.xr = (t[0], t[-1])
        stp.points([k + 1], [st], COLOUR[layout], f"{layout}: {st:.4f} ({100 * (st / ref - 1):+.1f}%)",
                   "circle", True)
    step = 0.25
    probe.yr = (math.floor(lo / step) * step - 2 * step, math.ceil(hi / step) * step)
    stp.hline(reference, REFERENCE, f"Williamson 1988, Re = 100: {reference:.4f}", "6 4", 1.3)
    stp.hline(0.165, "#888888", "0.165 (the target)", "2 3", 1.3)
    fig = Figure(1000, 420, "The tunnel's cylinder, Re = 100, 240 × 96, GPU backend (llvmpipe)")
    fig.add(probe, 0, 0, 620, 420)
    fig.add(stp, 640, 0, 360, 420)
    fig.save(os.path.join(images, "layouts_strouhal.svg"))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--exe", default=os.path.join(ROOT, "build", "release", "src", "fluidsim"))
    ap.add_argument("--data", default=os.path.join(ROOT, "build", "layouts-data"))
    ap.add_argument("--images", default=os.path.join(ROOT, "docs", "images"))
    ap.add_argument("--tunnel-steps", type=int, default=TUNNEL_STEPS)
    ap.add_argument("--rerun", action="store_true", help="repeat runs whose log exists")
    ap.add_argument("--plots-only", action="store_true", help="draw from the existing data; run nothing")
    args = ap.parse_args()
    if not args.plots_only:
        run_all(args.exe, args.data, args.rerun, args.tunnel_steps)
    os.makedirs(args.images, exist_ok=True)
    divergence_figure(args.data, args.images)
    taylor_green_figure(args.data, args.images)
    cavity_figure(args.data, args.images)
    strouhal_figure(args.data, args.images, args.tunnel_steps)


if __name__ == "__main__":
    main()
