#!/usr/bin/env python3
"""Runs the validation flows with `fluidsim --headless`, then turns the CSVs into
the tables and plots of docs/validation.md.

    scripts/plot_validation.py [--fluidsim build/release/src/fluidsim] [--data build/validation-data]
                               [--images docs/images] [--rerun] [--plots-only]

Each run writes <data>/<name>.csv (and .centerlines.csv for the cavity) and
<name>.log (fluidsim's stdout); a run whose files exist is not repeated unless
--rerun is given, so replotting is quick. From scratch, on two cores with the
CPU backend, the runs take about 30 minutes (the 256^2 cavities most of it).
Plotting needs matplotlib (Debian: python3-matplotlib; `scripts/setup.sh --docs` installs it).
It is not part of the test run: the tests in tests/validation/ check the
bounds; this script documents the numbers behind them.
"""

import argparse
import csv
import math
import os
import re
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

SHEAR_GRIDS = [16, 32, 64, 128, 256]
TG_GRIDS = [32, 64, 128, 256]
CAVITY_GRIDS = [64, 128, 256]


def runs():
    """(name, flags) of every run the docs use; defaults everywhere unless named."""
    out = []
    for n in SHEAR_GRIDS:
        out.append((f"shear_{n}", ["--scenario", "shear-wave", "--grid", str(n)]))
    for n in (128, 256):  # the stall at 128+ is the viscous Jacobi: show it goes with more sweeps
        out.append((f"shear_visc200_{n}", ["--scenario", "shear-wave", "--grid", str(n),
                                            "--viscosity-iterations", "200"]))
    for n in TG_GRIDS:
        # The plain projection, as the figures were drawn (auto is incremental here).
        out.append((f"tg_{n}", ["--scenario", "taylor-green", "--grid", str(n), "--projection", "plain"]))
    for n in CAVITY_GRIDS:
        out.append((f"cavity_{n}", ["--scenario", "cavity", "--grid", str(n)]))
        out.append((f"cavity_visc100_{n}", ["--scenario", "cavity", "--grid", str(n),
                                             "--viscosity-iterations", "100"]))
    out.append(("cavity_gpu_64", ["--scenario", "cavity", "--grid", "64", "--backend", "gpu"]))
    return out


def run_all(fluidsim, data, rerun):
    os.makedirs(data, exist_ok=True)
    for name, flags in runs():
        csv_path = os.path.join(data, name + ".csv")
        log_path = os.path.join(data, name + ".log")
        if not rerun and os.path.exists(log_path):  # written only when the run succeeded
            continue
        cmd = [fluidsim, "--headless", "--backend", "cpu", *flags, "--export-energy", csv_path]
        if "cavity" in flags:
            cmd += ["--export-centerlines", os.path.join(data, name + ".centerlines.csv")]
        print("run:", " ".join(cmd), flush=True)
        start = time.time()
        result = subprocess.run(cmd, stdout=subprocess.PIPE, text=True)
        if result.returncode != 0:
            failed = os.path.join(data, name + ".failed.log")
            with open(failed, "w") as f:
                f.write(result.stdout)
            sys.exit(f"plot_validation: {name} failed (exit {result.returncode}); see {failed}")
        with open(log_path, "w") as f:
            f.write(result.stdout)
        print(f"     {time.time() - start:.0f} s", flush=True)


def read_csv(path):
    with open(path) as f:
        rows = [line for line in f if not line.startswith("#")]
    return list(csv.DictReader(rows))


def read_log(path):
    """The numbers fluidsim prints: h, dt, nu, steps, t, wall, steady time, errors."""
    text = open(path).read()
    info = {}
    for key, pattern in [("h", r"h = ([0-9.e+-]+) m"), ("dt", r"dt = ([0-9.e+-]+) s"),
                         ("nu", r"nu = ([0-9.e+-]+) m\^2/s"), ("steps", r"steps\s+(\d+) \(t"),
                         ("t", r"\(t = ([0-9.e+-]+) s\), wall"), ("wall", r"wall ([0-9.]+) s \("),
                         ("velocity_error", r"max \|u - u_exact\| / max \|u_exact\| = ([0-9.e+-]+)"),
                         ("steady_t", r"steady\s+after ([0-9.e+-]+) s simulated")]:
        m = re.search(pattern, text)
        if m:
            info[key] = float(m.group(1))
    return info


def energy_errors(rows, rate):
    """(t, E / E_exact - 1) per row, E_exact = E(0) exp(-rate t)."""
    e0 = float(rows[0]["kinetic_energy"])
    return [(float(r["t"]), float(r["kinetic_energy"]) / (e0 * math.exp(-rate * float(r["t"]))) - 1.0)
            for r in rows]


def shear_predicted(n, nu, dt, steps, iterations=20):
    """The shear wave's energy error as the discrete scheme makes it (tests/validation/decay_test.cpp)."""
    h, k = 1.0 / n, 2.0 * math.pi
    a = nu * dt / h ** 2
    mu = 4.0 * math.sin(0.5 * k * h) ** 2
    g = a * (4.0 - mu) / (1.0 + 4.0 * a)
    per_step = 1.0 / (1.0 + a * mu) + g ** iterations * a * mu / (1.0 + a * mu)
    return per_step ** (2 * steps) / math.exp(-2.0 * nu * k * k * steps * dt) - 1.0, a


def sample(s, values, at, wall0, wall1):
    xs, ys = [0.0] + s + [1.0], [wall0] + values + [wall1]
    for k in range(1, len(xs)):
        if xs[k] >= at:
            f = (at - xs[k - 1]) / (xs[k] - xs[k - 1])
            return (1 - f) * ys[k - 1] + f * ys[k]
    return ys[-1]


def ghia(name):
    rows = read_csv(os.path.join(ROOT, "tests", "data", name))
    key = "y" if "y" in rows[0] else "x"
    value = "u" if "u" in rows[0] else "v"
    return [float(r[key]) for r in rows], [float(r[value]) for r in rows]


def cavity_deviation(path):
    rows = read_csv(path)
    s = [float(r["s"]) for r in rows]
    u = [float(r["u_vertical"]) for r in rows]
    v = [float(r["v_horizontal"]) for r in rows]
    gy, gu = ghia("ghia1982_re100_u_vertical.csv")
    gx, gv = ghia("ghia1982_re100_v_horizontal.csv")
    du = max(abs(sample(s, u, y, 0.0, 1.0) - val) for y, val in zip(gy, gu))
    dv = max(abs(sample(s, v, x, 0.0, 0.0) - val) for x, val in zip(gx, gv))
    return du, dv, s, u, v


def order(coarse, fine):
    return math.log2(abs(coarse) / abs(fine)) if coarse and fine else float("nan")


def tables(data):
    """Prints the markdown tables of docs/validation.md; returns what the plots need."""
    out = {}
    print("\n### Shear wave (nu = 0.01, t = 1 s, CFL 0.5)\n")
    print("| N | steps | a = nu dt/h^2 | energy error (20 sweeps) | closed form (exact arithmetic) | order "
          "| velocity error | energy error (200 sweeps) | wall (CPU) |")
    print("|---|---|---|---|---|---|---|---|---|")
    prev = None
    out["shear"] = {}
    for n in SHEAR_GRIDS:
        info = read_log(os.path.join(data, f"shear_{n}.log"))
        rate = 2.0 * info["nu"] * (2.0 * math.pi) ** 2
        errs = energy_errors(read_csv(os.path.join(data, f"shear_{n}.csv")), rate)
        worst = max(abs(e) for _, e in errs)
        predicted, a = shear_predicted(n, info["nu"], info["dt"], int(info["steps"]))
        more = ""
        more_path = os.path.join(data, f"shear_visc200_{n}.csv")
        if os.path.exists(more_path):
            more_errs = energy_errors(read_csv(more_path), rate)
            more = f"{max(abs(e) for _, e in more_errs):.3e}"
            out["shear"].setdefault("visc200", []).append((n, max(abs(e) for _, e in more_errs)))
        print(f"| {n} | {int(info['steps'])} | {a:.2f} | {worst:.3e} | {abs(predicted):.3e} | "
              f"{order(prev, worst) if prev else float('nan'):.2f} | {info.get('velocity_error', float('nan')):.2e} | "
              f"{more} | {info['wall']:.1f} s |")
        prev = worst
        out["shear"].setdefault("default", []).append((n, worst))
        out["shear"].setdefault("series", []).append((n, errs))

    print("\n### Taylor-Green vortex (nu = 0.05, t = 2 s, CFL 0.5)\n")
    print("| N | steps | energy error | order | velocity error | numerical viscosity | wall (CPU) |")
    print("|---|---|---|---|---|---|---|")
    prev = None
    out["tg"] = {}
    for n in TG_GRIDS:
        info = read_log(os.path.join(data, f"tg_{n}.log"))
        rate = 2.0 * info["nu"] * 2.0
        errs = energy_errors(read_csv(os.path.join(data, f"tg_{n}.csv")), rate)
        worst = max(abs(e) for _, e in errs)
        t_end, e_end = errs[-1]
        # Effective viscosity from the final energy: E = E0 exp(-4 nu_eff t).
        nu_num = -math.log1p(e_end) / (4.0 * t_end)
        print(f"| {n} | {int(info['steps'])} | {worst:.3e} | "
              f"{order(prev, worst) if prev else float('nan'):.2f} | {info.get('velocity_error', float('nan')):.2e} | "
              f"{nu_num:.4f} m^2/s | {info['wall']:.1f} s |")
        prev = worst
        out["tg"].setdefault("default", []).append((n, worst))
        out["tg"].setdefault("series", []).append((n, errs))

    print("\n### Lid-driven cavity, Re = 100 (CFL 1, until max |du/dt| < 1e-4 m/s^2)\n")
    print("| N | viscous sweeps | a = nu dt/h^2 | steady after | max dev. u | max dev. v | wall (CPU) |")
    print("|---|---|---|---|---|---|---|")
    out["cavity"] = {}
    for variant, sweeps in (("", 20), ("visc100_", 100)):
        for n in CAVITY_GRIDS:
            name = f"cavity_{variant}{n}"
            path = os.path.join(data, name + ".centerlines.csv")
            if not os.path.exists(path):
                continue
            info = read_log(os.path.join(data, name + ".log"))
            du, dv, s, u, v = cavity_deviation(path)
            a = info["nu"] * info["dt"] / info["h"] ** 2
            print(f"| {n} | {sweeps} | {a:.2f} | {info.get('steady_t', float('nan')):.2f} s "
                  f"({int(info['steps'])} steps) | {du:.4f} | {dv:.4f} | {info['wall']:.0f} s |")
            out["cavity"][(variant, n)] = (s, u, v)
    gpu = os.path.join(data, "cavity_gpu_64.centerlines.csv")
    if os.path.exists(gpu):
        _, _, s, ug, vg = cavity_deviation(gpu)
        _, _, _, uc, vc = cavity_deviation(os.path.join(data, "cavity_64.centerlines.csv"))
        diff = max(max(abs(a - b) for a, b in zip(ug, uc)), max(abs(a - b) for a, b in zip(vg, vc)))
        info = read_log(os.path.join(data, "cavity_gpu_64.log"))
        print(f"\nGPU vs CPU at 64^2, centre lines: max difference {diff:.3g} "
              f"(GPU run: {info['wall']:.0f} s wall, steady after {info.get('steady_t', float('nan')):.2f} s)")

    out["divergence"] = {}
    for name, label in (("tg_64", "Taylor-Green 64^2"), ("cavity_64", "cavity 64^2")):
        info = read_log(os.path.join(data, name + ".log"))
        rows = read_csv(os.path.join(data, name + ".csv"))[1:]
        out["divergence"][label] = [(float(r["t"]), float(r["max_divergence"]) * info["h"]) for r in rows]
    return out


def plots(results, images):
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        sys.exit("plot_validation: matplotlib is missing (Debian: apt-get install python3-matplotlib)")
    os.makedirs(images, exist_ok=True)
    style = dict(dpi=110, bbox_inches="tight")

    fig, axes = plt.subplots(1, 2, figsize=(11, 4))
    for ax, key, title in ((axes[0], "shear", "Shear wave u = sin(2 pi y), nu = 0.01"),
                           (axes[1], "tg", "Taylor-Green vortex, nu = 0.05")):
        for n, errs in results[key]["series"]:
            ax.plot([t for t, _ in errs], [e for _, e in errs], label=f"{n}$^2$")
        ax.axhline(0.0, color="k", lw=0.6)
        ax.set_xlabel("t [s]")
        ax.set_ylabel("E / E_exact - 1")
        ax.set_title(title)
        ax.legend(title="grid")
    fig.savefig(os.path.join(images, "validation_decay.png"), **style)
    plt.close(fig)

    fig, ax = plt.subplots(figsize=(6, 4.5))
    for key, label, marker in (("shear", "shear wave, 20 viscous sweeps", "o"),
                               ("tg", "Taylor-Green", "s")):
        pts = results[key]["default"]
        ax.loglog([1.0 / n for n, _ in pts], [e for _, e in pts], marker=marker, label=label)
    if "visc200" in results["shear"]:
        pts = [p for p in results["shear"]["default"] if p[0] < 128] + results["shear"]["visc200"]
        ax.loglog([1.0 / n for n, _ in pts], [e for _, e in pts], "o--", mfc="none",
                  label="shear wave, 200 viscous sweeps at 128, 256")
    # Reference slopes through the Taylor-Green 64^2 point and the shear wave's 16^2 point.
    tg64 = dict(results["tg"]["default"])[64]
    sw16 = dict(results["shear"]["default"])[16]
    h = [1.0 / 256, 1.0 / 16]
    ax.loglog(h, [tg64 * x * 64 for x in h], "k:", lw=0.8, label="slope 1")
    ax.loglog(h, [sw16 * (x * 16) ** 2 for x in h], "k-.", lw=0.8, label="slope 2")
    ax.set_xlabel("1 / N (dt proportional to h: fixed CFL 0.5)")
    ax.set_ylabel("max over t of |E / E_exact - 1|")
    ax.set_title("Energy-decay error vs grid")
    ax.legend(fontsize=8)
    fig.savefig(os.path.join(images, "validation_convergence.png"), **style)
    plt.close(fig)

    fig, axes = plt.subplots(1, 2, figsize=(11, 4.5))
    gy, gu = ghia("ghia1982_re100_u_vertical.csv")
    gx, gv = ghia("ghia1982_re100_v_horizontal.csv")
    for (variant, n), (s, u, v) in sorted(results["cavity"].items()):
        dashed = "--" if variant else "-"
        label = f"{n}$^2$" + (", 100 viscous sweeps" if variant else "")
        axes[0].plot(u, s, dashed, label=label)
        axes[1].plot(s, v, dashed, label=label)
    axes[0].plot(gu, gy, "ko", mfc="none", label="Ghia et al. 1982")
    axes[1].plot(gx, gv, "ko", mfc="none", label="Ghia et al. 1982")
    axes[0].set_xlabel("u / U on x = 0.5")
    axes[0].set_ylabel("y")
    axes[1].set_xlabel("x")
    axes[1].set_ylabel("v / U on y = 0.5")
    for ax in axes:
        ax.grid(alpha=0.3)
        ax.legend(fontsize=8)
    fig.suptitle("Lid-driven cavity, Re = 100, steady state")
    fig.savefig(os.path.join(images, "validation_cavity.png"), **style)
    plt.close(fig)

    fig, ax = plt.subplots(figsize=(6, 4))
    for label, pts in results["divergence"].items():
        ax.semilogy([t for t, _ in pts], [d for _, d in pts], label=label)
    ax.set_xlabel("t [s]")
    ax.set_ylabel("max |div u| h / U after the step")
    ax.set_title("Residual divergence, default settings (40 sweeps)")
    ax.legend()
    fig.savefig(os.path.join(images, "validation_divergence.png"), **style)
    plt.close(fig)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--fluidsim", default=os.path.join(ROOT, "build", "release", "src", "fluidsim"))
    parser.add_argument("--data", default=os.path.join(ROOT, "build", "validation-data"))
    parser.add_argument("--images", default=os.path.join(ROOT, "docs", "images"))
    parser.add_argument("--rerun", action="store_true", help="repeat runs whose files exist")
    parser.add_argument("--plots-only", action="store_true", help="only read existing CSVs")
    args = parser.parse_args()
    if not args.plots_only:
        if not os.access(args.fluidsim, os.X_OK):
            sys.exit(f"plot_validation: no fluidsim at {args.fluidsim} (cmake --build --preset release, or --fluidsim)")
        run_all(args.fluidsim, args.data, args.rerun)
    plots(tables(args.data), args.images)


if __name__ == "__main__":
    main()
