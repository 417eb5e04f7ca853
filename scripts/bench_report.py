"""Reads the benchmark results of scripts/bench and prints one ratio line per pair, the scaling table and peak RSS.

Usage: python3 scripts/bench_report.py <results directory>
"""
import pathlib, re, sys

results = pathlib.Path(sys.argv[1])
SCALE = {"ns": 1e-6, "μs": 1e-3, "us": 1e-3, "ms": 1.0, "s": 1e3}
SIZE = {"B": 1, "K": 1e3, "KB": 1e3, "M": 1e6, "MB": 1e6, "G": 1e9, "GB": 1e9}
COUNT = {"": 1, "K": 1e3, "M": 1e6, "G": 1e9}

def read(path):
    lines = path.read_text().splitlines()
    unit = re.findall(r"\(([^)]*)\)", lines[0])
    unit = unit[-1] if unit else ""
    values = {int(p): float(v) for p, v in (l.split("\t") for l in lines[1:] if l)}
    return unit, values

metrics = {}
for path in results.glob("*.histogram.percentiles.tsv"):
    match = re.match(r"[^.]+\.FeedBenchmarks\.(.+)\.(ours|raw)\.(\w+)\.histogram\.percentiles\.tsv$", path.name)
    if not match:
        continue
    name, side, metric = match.groups()
    name = name.replace("_", " ")
    metrics.setdefault(name, {}).setdefault(side, {})[metric] = read(path)

def p50_ms(entry):
    unit, values = entry["wallClock"]
    return values[50] * SCALE.get(unit, float("nan"))

def peak_mb(entry):
    unit, values = entry.get("peakMemoryResident", ("", {50: float("nan")}))
    return values[50] * SIZE.get(unit.strip(), 1) / 1e6

def mallocs(entry):
    unit, values = entry.get("mallocCountTotal", ("", {50: float("nan")}))
    return values[50] * COUNT.get(unit.strip(), 1)

print("Pairs (p50 wall clock; ratio = ours / baseline):")
ratios = {}
for name in sorted(metrics):
    pair = metrics[name]
    if "ours" in pair and "raw" in pair:
        ours, raw = p50_ms(pair["ours"]), p50_ms(pair["raw"])
        ratios[name] = ours / raw
        print(f"{name}: ours {ours:.3f} ms, baseline {raw:.3f} ms, ratio {ours / raw:.2f}"
              f"  (mallocs {mallocs(pair['ours']):.0f} vs {mallocs(pair['raw']):.0f})")

retrieve = {n: p50_ms(metrics[n]["ours"]) for n in metrics if n.startswith("Image retrieve at ") and "ours" in metrics[n]}
if len(retrieve) == 2:
    small, large = retrieve["Image retrieve at 100"], retrieve["Image retrieve at 10000"]
    # Each sample times 1,000 lookups: p50 in ms per sample is µs per lookup.
    print(f"Image retrieve: at 100 entries {small:.1f} µs, at 10,000 entries {large:.1f} µs, "
          f"ratio {large / small:.2f}")

reads = {n: metrics[n]["ours"] for n in ("Page read at 100", "Page read at 1000000") if "ours" in metrics.get(n, {})}
if len(reads) == 2:
    # Each sample is one read of a page of 30.
    small, large = p50_ms(reads["Page read at 100"]), p50_ms(reads["Page read at 1000000"])
    unit, values = reads["Page read at 1000000"]["wallClock"]
    p99 = values[99] * SCALE.get(unit, float("nan"))
    print(f"Page read (30 images): p50 at the 100th image {small * 1000:.1f} µs, at the millionth "
          f"{large * 1000:.1f} µs, ratio {large / small:.2f}; p99 at the millionth {p99:.3f} ms (goal < 16 ms)")

load = metrics.get("Image index load at 100000 (file system)", {}).get("ours")
if load:
    print(f"Image index load (file system, 100,000 entries; once, on the first insert): {p50_ms(load):.1f} ms")

overlay = [(c, p50_ms(metrics[f"Likes overlay {c}"]["ours"]) / (c / 1000)) for c in (1000, 10000, 100000)
           if "ours" in metrics.get(f"Likes overlay {c}", {})]
if len(overlay) == 3:
    per = [cost for _, cost in overlay]
    print("Likes overlay (one pending action per ten images), ms per 1,000 images: "
          + ", ".join(f"{c:,} images {cost:.3f}" for c, cost in overlay)
          + f"; varies by {max(per) / min(per):.2f}x (goal 1.3)")

print("\nScaling (ms per 1,000 images, p50):")
print(f"{'images':>8}  {'mapping ours':>12}  {'mapping raw':>11}  {'codable ours':>12}  {'codable raw':>11}")
for count in (1000, 10000, 100000):
    row = [count]
    for kind in ("Mapping", "Codable round trip"):
        pair = metrics.get(f"{kind} {count}", {})
        row += [p50_ms(pair[side]) / (count / 1000) if side in pair else float("nan") for side in ("ours", "raw")]
    print(f"{row[0]:>8}  {row[1]:>12.3f}  {row[2]:>11.3f}  {row[3]:>12.3f}  {row[4]:>11.3f}")
for kind in ("Mapping", "Codable round trip"):
    per = [p50_ms(metrics[f"{kind} {c}"]["ours"]) / (c / 1000) for c in (1000, 10000, 100000)
           if f"{kind} {c}" in metrics and "ours" in metrics[f"{kind} {c}"]]
    if per:
        print(f"{kind}: cost per 1,000 images varies by {max(per) / min(per):.2f}x from 1,000 to 100,000 images")

pair = metrics.get("Codable round trip 100000", {})
if "ours" in pair and "raw" in pair:
    ours, raw = peak_mb(pair["ours"]), peak_mb(pair["raw"])
    print(f"\nPeak RSS, 100,000-image codable round trip: ours {ours:.0f} MB, baseline {raw:.0f} MB, ratio {ours / raw:.2f}")
