"""Checks that every job of the CI workflow that builds the package installs what the README says the package needs.

The README's first screen names the system packages (`apt-get install …` on Debian and Ubuntu, `brew install …` on
macOS); a job that builds without them fails where it runs (the app's pictures need libjpeg-turbo's and libpng's
headers). Read as text, so the check needs nothing beyond Python.

Usage: python3 scripts/workflow_check.py [README.md] [.github/workflows/ci.yml]
"""

import pathlib
import re
import sys


def readme_packages(readme: str) -> dict[str, set[str]]:
    """The packages the README's `apt-get install …` and `brew install …` commands name."""
    found = {}
    for tool in ("apt-get", "brew"):
        match = re.search(r"`" + tool + r" install ([^`]+)`", readme)
        if not match:
            sys.exit(f"workflow_check: the README names no `{tool} install …` command")
        found[tool] = set(match.group(1).split())
    return found


def jobs(workflow: str) -> dict[str, str]:
    """Each job's text, by its name: the lines below `jobs:` indented by two spaces start one."""
    found, name = {}, None
    in_jobs = False
    for line in workflow.splitlines():
        if line.startswith("jobs:"):
            in_jobs = True
            continue
        if not in_jobs:
            continue
        header = re.fullmatch(r"  ([A-Za-z0-9_-]+):\s*", line)
        if header:
            name = header.group(1)
            found[name] = ""
        elif name:
            found[name] += line + "\n"
    return found


def main() -> int:
    root = pathlib.Path(__file__).resolve().parent.parent
    readme = pathlib.Path(sys.argv[1]) if len(sys.argv) > 1 else root / "README.md"
    workflow = pathlib.Path(sys.argv[2]) if len(sys.argv) > 2 else root / ".github" / "workflows" / "ci.yml"
    needed = readme_packages(readme.read_text(encoding="utf-8"))
    problems = []
    for name, text in jobs(workflow.read_text(encoding="utf-8")).items():
        if "swift build" not in text and ".ci/run" not in text:
            continue
        tool = "brew" if re.search(r"runs-on:\s*macos", text) else "apt-get"
        installed = set()
        for command in re.findall(tool + r" install ((?:[^\n]|\n {10,})+)", text):
            installed |= {word for word in command.split() if not word.startswith("-")}
        missing = sorted(needed[tool] - installed)
        if missing:
            problems.append(f"job {name} builds the package without `{tool} install {' '.join(missing)}`")
    for problem in problems:
        print(f"workflow_check: {problem} (the README's list)", file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
