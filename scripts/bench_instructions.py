#!/usr/bin/env python3
"""Instruction counts of the benchmark pairs, under valgrind's callgrind: repeatable where wall-clock time is not.

Usage: bench_instructions.py BINARY[:BINARY...] [--check] [--write-baseline] [--filter REGEX]

BINARY is the InstructionCounts executable (Benchmarks/Benchmarks/InstructionCounts), and after a colon any other
that speaks its protocol (Benchmarks/Pictures' PictureCounts: `list`, then `<pair> <size>`). For each pair and each
of its three sizes (1x, 10x, 100x) it runs the binary under callgrind with counting off
(`--instr-atstart=no`) once per side: the binary turns counting on for that side's work only, and dumps the count by
name (valgrind's client requests, Benchmarks/Benchmarks/CallgrindControl), so the program's start, the setup and the
end are not counted (nor paid for at callgrind's pace). It prints one line per pair and size,
  name @size: ours <N> instr, baseline <M> instr, ratio <r>
then the scaling rows: our instructions per item at each size, and the cost per item at 100x over the cost at 1x
(goal 1.3: no growth with size; fixed costs make small sizes dearer per item, which is no growth).

--check fails (exit 1) when a pair's ratio at its largest size is worse than its limit (its goal, or for a pair
whose goal is not met what the README says bounds it), or than the ratio in
Benchmarks/baseline.json by more than 3 %, or when its cost per item grows past the scaling goal; it measures both
sides at the largest size and ours at the smallest, which is all that it judges. --write-baseline writes the ratios measured to Benchmarks/baseline.json.
Runs go side by side, one per processor (BENCH_JOBS=N to choose): instruction counts do not depend on the load. A
binary that takes `batch` (InstructionCounts) counts in one valgrind process per processor, which forks a fresh child
for each count it is handed: valgrind starts once per processor instead of once per count.
"""
import concurrent.futures
import json
import os
import pathlib
import queue
import re
import shutil
import subprocess
import sys
import tempfile
import threading

ROOT = pathlib.Path(__file__).resolve().parent.parent
BASELINE = ROOT / "Benchmarks" / "baseline.json"
TOLERANCE = 1.03
SCALING_GOAL = 1.3
# Swift seeds its hashing randomly per process; fixed, every run executes the same instructions.
ENV = dict(os.environ, SWIFT_DETERMINISTIC_HASHING="1", SWIFT_BACKTRACE="enable=no")


SCRATCH = "/dev/shm" if os.path.isdir("/dev/shm") else None


def instructions(binary, pair, side, size):
    """The instructions of one side's work at `size`: one run, the setup uncounted, the work dumped by name."""
    # The run's files go in a directory removed here, after the run: no removal is counted.
    with tempfile.TemporaryDirectory(dir=SCRATCH, prefix="instruction-counts-") as directory:
        out = os.path.join(directory, "callgrind.out")
        run = subprocess.run(
            ["valgrind", "--tool=callgrind", "--instr-atstart=no", f"--callgrind-out-file={out}", binary, pair,
             side, str(size)],
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
            env=dict(ENV, INSTRUCTION_COUNTS_SCRATCH=directory))
        if run.returncode != 0:
            said = [line for line in run.stderr.splitlines() if not line.startswith("==")]
            raise RuntimeError(f"{pair} {side} {size}: exit {run.returncode}: " + " / ".join(said[-5:]))
        counts = read_dumps(directory)
    if list(counts) != [side]:
        raise RuntimeError(f"{pair} {side} {size}: callgrind dumped {sorted(counts) or 'nothing'}, not {side}")
    return counts[side]


def read_dumps(directory):
    """The count of each named dump callgrind wrote in `directory` (a client request's name, its instructions)."""
    counts = {}
    for dump in pathlib.Path(directory).glob("callgrind.out.*"):
        name = total = None
        with open(dump) as lines:
            for line in lines:
                if line.startswith("desc: Trigger: Client Request: "):
                    name = line.removeprefix("desc: Trigger: Client Request: ").strip()
                elif line.startswith("summary:"):
                    total = int(line.split()[1])
        if name is not None and total is not None:
            counts[name] = total
    return counts


def supports_batch(binary):
    """Whether `binary` takes `batch` (InstructionCounts does; with nothing on its standard input it exits 0)."""
    return subprocess.run([binary, "batch"], stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                          stderr=subprocess.DEVNULL, env=ENV).returncode == 0


class Batch:
    """One valgrind process running `binary batch`: each count asked of it runs in a child the binary forks from a
    fresh start, so valgrind starts once (0.65 s a run) and every count is still a fresh process's."""

    def __init__(self, binary):
        self.directory = tempfile.TemporaryDirectory(dir=SCRATCH, prefix="instruction-counts-")
        self.errors = tempfile.TemporaryFile(mode="w+")
        self.process = subprocess.Popen(
            ["valgrind", "--tool=callgrind", "--instr-atstart=no",
             f"--callgrind-out-file={os.path.join(self.directory.name, 'callgrind.out.%p')}", binary, "batch"],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=self.errors, text=True,
            env=dict(ENV, INSTRUCTION_COUNTS_SCRATCH=self.directory.name))

    def count(self, pair, side, size):
        name = f"{pair}|{side}|{size}"
        self.process.stdin.write(f"{pair}\t{side}\t{size}\n")
        self.process.stdin.flush()
        answer = self.process.stdout.readline().split()
        if answer != ["done", "0"]:
            self.errors.seek(0)
            said = [line for line in self.errors.read().splitlines() if not line.startswith("==")]
            raise RuntimeError(f"{pair} {side} {size}: {' '.join(answer) or 'no answer'}: " + " / ".join(said[-5:]))
        counts = read_dumps(self.directory.name)
        if name not in counts:
            raise RuntimeError(f"{pair} {side} {size}: callgrind dumped no count named {name}")
        # The child has ended (its own files written): the next count finds only its own dump and files.
        for entry in pathlib.Path(self.directory.name).iterdir():
            shutil.rmtree(entry) if entry.is_dir() else entry.unlink()
        return counts[name]

    def close(self):
        self.process.stdin.close()
        self.process.wait()
        self.directory.cleanup()
        self.errors.close()


def count_all(keys, binary_of, jobs):
    """A future for each (pair, side, size) of `keys`, counted by `jobs` workers that each take the next key as they
    end the last (runs of their own first, then the largest sizes), in a batch of their own where the binary takes one, else a run each."""
    futures = {key: concurrent.futures.Future() for key in keys}
    batching = {binary: supports_batch(binary) for binary in set(binary_of[key[0]] for key in keys)}
    work = queue.Queue()
    # A run of its own (a binary without `batch`) first: each pays valgrind's start, and last they would end the
    # check on one processor.
    for key in sorted(keys, key=lambda key: (batching[binary_of[key[0]]], -key[2])):
        work.put(key)

    def worker():
        batches = {}
        try:
            while True:
                try:
                    key = work.get_nowait()
                except queue.Empty:
                    return
                binary = binary_of[key[0]]
                try:
                    if batching[binary]:
                        batch = batches.get(binary) or batches.setdefault(binary, Batch(binary))
                        futures[key].set_result(batch.count(*key))
                    else:
                        futures[key].set_result(instructions(binary, *key))
                except Exception as error:  # said where the key's count is read
                    futures[key].set_exception(error)
                    batches.pop(binary, None)  # a batch that failed is not asked again
        finally:
            for batch in batches.values():
                batch.close()

    for _ in range(max(1, jobs)):
        threading.Thread(target=worker).start()  # not a daemon: the batches it opened are closed before the exit
    return futures


def scaling_of(rows):
    per_item = [ours / size for size, ours, _ in rows]
    return per_item, per_item[-1] / max(per_item[0], 1e-9)


def suspect(rows, limit, known):
    """Whether a pair's counts would fail the check, or cannot be right (work of no instructions or fewer)."""
    if any(ours <= 0 or (raw is not None and raw <= 0) for _, ours, raw in rows):
        return True
    ratio = rows[-1][1] / max(rows[-1][2], 1)
    tolerance = known.get("tolerance", TOLERANCE)
    return (ratio > limit or scaling_of(rows)[1] > SCALING_GOAL
            or ("ratio" in known and ratio > known["ratio"] * tolerance))


def main(argv):
    if not argv or argv[0].startswith("-"):
        print(__doc__, file=sys.stderr)
        return 2
    if shutil.which("valgrind") is None:
        print("bench: valgrind is missing; install it with `apt-get install valgrind` (Debian, Ubuntu) or your "
              "system's package manager", file=sys.stderr)
        return 2
    binaries, flags = argv[0].split(os.pathsep), argv[1:]
    if "--filter" in flags and flags.index("--filter") + 1 >= len(flags):
        print("bench: --filter needs a regular expression", file=sys.stderr)
        return 2
    pattern = re.compile(flags[flags.index("--filter") + 1]) if "--filter" in flags else None
    pairs, binary_of = [], {}
    for binary in binaries:
        for line in subprocess.check_output([binary, "list"], env=ENV).decode().splitlines():
            pairs.append(line.split("\t"))
            binary_of[pairs[-1][0]] = binary
    baseline = json.loads(BASELINE.read_text()) if BASELINE.exists() else {}
    measured, failures = {}, []
    print("Instruction counts (callgrind; each side's work counted, the setup not):")
    selected = [(name, float(goal), float(limit), [int(size) for size in sizes.split(",")])
                for name, goal, limit, sizes in pairs if not pattern or pattern.search(name)]
    # --check: the ratio needs both sides at the largest size, the scaling ours at the smallest and the largest; the
    # twin at the smallest size is not run (nothing judges it).
    checking = "--check" in flags
    if checking:
        selected = [(name, goal, limit, [sizes[0], sizes[-1]]) for name, goal, limit, sizes in selected]
    if not selected:
        print("bench: no pair matches the filter; `InstructionCounts list` names them", file=sys.stderr)
        return 2
    jobs = int(os.environ.get("BENCH_JOBS", len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity")
                              else os.cpu_count() or 1))
    pool = concurrent.futures.ThreadPoolExecutor(max_workers=jobs)
    try:
        wanted = [(name, side, size) for name, _, _, sizes in selected for size in sizes for side in ("ours", "raw")
                  if not (checking and side == "raw" and size != sizes[-1])]
        runs = count_all(wanted, binary_of, jobs)

        def counted(name, sizes):
            return [(size, runs[(name, "ours", size)].result(),
                     runs[(name, "raw", size)].result() if (name, "raw", size) in runs else None) for size in sizes]

        for name, goal, limit, sizes in selected:
            rows = counted(name, sizes)
            if suspect(rows, limit, baseline.get(name, {})):
                # Noise in a count only adds (a thread that woke more often in one run, once 1.6 M instructions in
                # a run, more than a small size's work): a pair that looks wrong is counted again, and each run
                # keeps the smaller of its two counts, before it is judged.
                print(f"{name}: counted again (a count looked wrong)", flush=True)
                again = {key: pool.submit(instructions, binary_of[name], *key) for key in runs if key[0] == name}
                for key, future in again.items():
                    first, second = runs[key].result(), future.result()
                    runs[key] = concurrent.futures.Future()
                    runs[key].set_result(min(first, second))
                rows = counted(name, sizes)
            for size, ours, raw in rows:
                print(f"{name} @{size}: ours {ours} instr" if raw is None else
                      f"{name} @{size}: ours {ours} instr, baseline {raw} instr, ratio {ours / max(raw, 1):.2f}",
                      flush=True)
            size, ours, raw = rows[-1]
            ratio = ours / max(raw, 1)
            per_item, scaling = scaling_of(rows)
            measured[name] = {"ratio": round(ratio, 3), "goal": goal, "limit": limit, "scaling": round(scaling, 3)}
            if "tolerance" in baseline.get(name, {}):  # a measured spread outlives a new baseline
                measured[name]["tolerance"] = baseline[name]["tolerance"]
            print(f"{name} scaling: " + ", ".join(f"{cost:.0f}" for cost in per_item)
                  + " instr per item at " + " / ".join(map(str, sizes)) + f"; {scaling:.2f}x"
                  + ("" if scaling <= SCALING_GOAL else f" (goal {SCALING_GOAL}: NOT met)"), flush=True)
            if ratio > goal:
                print(f"{name}: goal {goal} not met (ratio {ratio:.2f}; docs/Performance.md says what bounds it, "
                      f"checked against {limit})", flush=True)
            if ratio > limit:
                failures.append(f"{name}: ratio {ratio:.2f} is worse than its limit {limit}")
            if scaling > SCALING_GOAL:
                failures.append(f"{name}: cost per item grows {scaling:.2f}x from the smallest size to the largest "
                                f"(goal {SCALING_GOAL})")
            known = baseline.get(name, {}).get("ratio")
            # A pair whose count varies more than 3 % from run to run keeps its measured spread in the baseline.
            tolerance = baseline.get(name, {}).get("tolerance", TOLERANCE)
            if known is not None and ratio > known * tolerance:
                failures.append(f"{name}: ratio {ratio:.2f} is worse than the baseline's {known:.2f} by more than "
                                f"{round((tolerance - 1) * 100)} %")
    except RuntimeError as error:
        print(f"bench: a run failed, so no counts: {error}", file=sys.stderr)
        return 1
    finally:
        pool.shutdown(wait=True, cancel_futures=True)
    if "--write-baseline" in flags:
        kept = baseline if pattern else {}  # a filtered run keeps the other pairs' entries
        BASELINE.write_text(json.dumps(dict(kept, **measured), indent=2, sort_keys=True) + "\n")
        print(f"wrote {BASELINE.relative_to(ROOT)}")
    if "--check" in flags:
        for failure in failures:
            print(f"bench --check: {failure}", file=sys.stderr)
        if failures:
            return 1
        print("bench --check: every pair within its limit and within 3 % of the baseline, cost per item flat")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
