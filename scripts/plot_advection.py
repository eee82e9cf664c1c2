#!/usr/bin/env python3
"""Semi-Lagrangian against MacCormack advection (docs/validation.md section 6):
runs `fluidsim --headless` on the CPU backend, prints the tables, draws
docs/images/validation_maccormack.png.

    scripts/plot_advection.py [--fluidsim build/ci/src/fluidsim] [--data build/advection-data]
                              [--images docs/images] [--rerun]

A run whose files exist is not repeated unless --rerun is given. From scratch
on two cores the runs take about 15 minutes (the 256^2 cavities most of it).
Needs matplotlib for the plot (Debian: python3-matplotlib). The helpers
(Ghia's tables, the centre-line comparison) are plot_validation.py's.
"""

import argparse
import math
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import plot_validation as pv  # noqa: E402

SCHEMES = ["semi-lagrangian", "maccormack"]
CAVITY_GRIDS = [64, 128, 256]
TG_DTS = [None, 0.0125, 0.00625]  # None: the scenario's CFL 0.5 (dt = 0.0244 s at 128^2)
TG_GRIDS = [64, 128]


def runs():
    out = []
    for scheme in SCHEMES:
        for n in CAVITY_GRIDS:
            out.append((f"cavity_{scheme}_{n}", ["--scenario", "cavity", "--grid", str(n), "--advection", scheme],
                        "centerlines"))
        for n in TG_GRIDS:
            for dt in TG_DTS if n == 128 else [None]:
                # The plain projection, whose splitting error the figures show
                # (the default, auto, is incremental on this periodic box).
                flags = ["--scenario", "taylor-green", "--grid", str(n), "--advection", scheme, "--projection", "plain"]
                if dt:
                    flags += ["--dt", str(dt)]
                out.append((f"tg_{scheme}_{n}" + (f"_dt{dt}" if dt else ""), flags, "energy"))
    return out


def run_all(fluidsim, data, rerun):
    os.makedirs(data, exist_ok=True)
    for name, flags, output in runs():
        path = os.path.join(data, name + ".csv")
        if not rerun and os.path.exists(path):
            continue
        cmd = [fluidsim, "--headless", "--backend", "cpu", "--threads", "1", *flags,
               "--export-centerlines" if output == "centerlines" else "--export-energy", path]
        print("run:", " ".join(cmd), flush=True)
        result = subprocess.run(cmd, stdout=subprocess.PIPE, text=True)
        if result.returncode != 0:
            if os.path.exists(path):
                os.remove(path)
            sys.exit(f"plot_advection: {name} failed (exit {result.returncode}):\n{result.stdout}")


def rate_error(path):
    """The decay rate fitted from the first and last energy, over the exact 4 nu (nu = 0.05), - 1."""
    rows = pv.read_csv(path)
    e0, e1, t = float(rows[0]["kinetic_energy"]), float(rows[-1]["kinetic_energy"]), float(rows[-1]["t"])
    return math.log(e0 / e1) / t / 0.2 - 1.0, len(rows) - 1, t / (len(rows) - 1)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--fluidsim", default=os.path.join(pv.ROOT, "build", "ci", "src", "fluidsim"))
    parser.add_argument("--data", default=os.path.join(pv.ROOT, "build", "advection-data"))
    parser.add_argument("--images", default=os.path.join(pv.ROOT, "docs", "images"))
    parser.add_argument("--rerun", action="store_true")
    args = parser.parse_args()
    run_all(args.fluidsim, args.data, args.rerun)

    print("\nCavity, Re = 100: max |deviation| from Ghia et al. (u on x = 0.5, v on y = 0.5)")
    print("| grid | semi-Lagrangian u | v | MacCormack u | v |")
    print("|---|---|---|---|---|")
    cavity = {}
    for n in CAVITY_GRIDS:
        row = []
        for scheme in SCHEMES:
            du, dv, s, u, v = pv.cavity_deviation(os.path.join(args.data, f"cavity_{scheme}_{n}.csv"))
            cavity[scheme, n] = (s, u, v)
            row += [f"{du:.4f}", f"{dv:.4f}"]
        print(f"| {n}² | " + " | ".join(row) + " |")

    print("\nTaylor-Green, nu = 0.05, t = 2 s: decay rate from the first and last energy, relative to 4 nu")
    print("| grid | dt [s] | steps | semi-Lagrangian | MacCormack |")
    print("|---|---|---|---|---|")
    tg = {}
    for n in TG_GRIDS:
        for dt in TG_DTS if n == 128 else [None]:
            cells = []
            for scheme in SCHEMES:
                name = f"tg_{scheme}_{n}" + (f"_dt{dt}" if dt else "")
                error, steps, step = rate_error(os.path.join(args.data, name + ".csv"))
                tg[scheme, n, dt] = error
                cells.append(f"{100 * error:+.1f}%")
            print(f"| {n}² | {step:.4g} | {steps} | " + " | ".join(cells) + " |")

    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        sys.exit("plot_advection: matplotlib is missing (Debian: apt-get install python3-matplotlib)")
    fig, axes = plt.subplots(1, 3, figsize=(16, 4.8))
    gy, gu = pv.ghia("ghia1982_re100_u_vertical.csv")
    gx, gv = pv.ghia("ghia1982_re100_v_horizontal.csv")
    colours = {64: "tab:blue", 128: "tab:orange", 256: "tab:green"}
    # The profiles lie within a line width of each other: plotted is each one's
    # deviation from Ghia at Ghia's points, which is what the tables measure.
    for (scheme, n), (s, u, v) in sorted(cavity.items()):
        line = "s--" if scheme == "semi-lagrangian" else "o-"
        label = f"{n}$^2$ {'semi-Lagrangian' if scheme == 'semi-lagrangian' else 'MacCormack'}"
        axes[0].plot([pv.sample(s, u, y, 0.0, 1.0) - g for y, g in zip(gy, gu)], gy, line, color=colours[n],
                     ms=3, label=label)
        axes[1].plot(gx, [pv.sample(s, v, x, 0.0, 0.0) - g for x, g in zip(gx, gv)], line, color=colours[n],
                     ms=3, label=label)
    for bound in (-0.008, 0.008):
        axes[0].axvline(bound, color="k", lw=0.6, ls=":")
        axes[1].axhline(bound, color="k", lw=0.6, ls=":")
    axes[0].set_xlabel("u / U - Ghia, on x = 0.5")
    axes[0].set_ylabel("y")
    axes[0].set_title("Cavity Re = 100: u, deviation from Ghia et al.")
    axes[1].set_xlabel("x")
    axes[1].set_ylabel("v / U - Ghia, on y = 0.5")
    axes[1].set_title("v, deviation from Ghia et al. (dotted: 0.008)")
    dts = [0.0244, 0.0125, 0.00625]
    for scheme, marker in (("semi-lagrangian", "s--"), ("maccormack", "o-")):
        axes[2].plot(dts, [100 * tg[scheme, 128, dt] for dt in TG_DTS], marker,
                     label="semi-Lagrangian" if scheme == "semi-lagrangian" else "MacCormack")
    axes[2].axhline(2.0, color="k", lw=0.6, ls=":")
    axes[2].set_xlabel("dt [s]")
    axes[2].set_ylabel("decay rate / (4 nu) - 1  [%]")
    axes[2].set_title("Taylor-Green 128$^2$, nu = 0.05, t = 2 s")
    axes[2].set_ylim(0, 21)
    for ax in axes:
        ax.grid(alpha=0.3)
        ax.legend(fontsize=8)
    os.makedirs(args.images, exist_ok=True)
    out = os.path.join(args.images, "validation_maccormack.png")
    fig.savefig(out, dpi=100, bbox_inches="tight")
    print("\nwrote", out)


if __name__ == "__main__":
    main()
