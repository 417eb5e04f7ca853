"""Checks every relative link of the project's Markdown (the README, UseCases.md, CHANGELOG.md and docs/*.md): the
file it names exists in the repository, and a `#fragment` names a heading of that file (GitHub's anchors: the
heading in lower case, punctuation but hyphens dropped, spaces as hyphens). Links to other sites are not fetched.

Usage: python3 scripts/doc_links.py [repository root]
Prints each broken link with its file and line, and exits 1 if there is one.
"""

import pathlib
import re
import sys

LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")
FENCE = re.compile(r"^(```|~~~)")


def prose_lines(path: pathlib.Path) -> list[tuple[int, str]]:
    """The file's lines outside code blocks, numbered from 1."""
    lines, fenced = [], False
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if FENCE.match(line.strip()):
            fenced = not fenced
        elif not fenced:
            lines.append((number, line))
    return lines


def anchor(heading: str) -> str:
    """GitHub's anchor for a heading's text."""
    text = re.sub(r"[`*_]", "", heading.strip().lower())
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


def anchors(path: pathlib.Path) -> set[str]:
    """Every anchor the file's headings give (a repeated heading's later anchors get -1, -2, ...)."""
    seen: dict[str, int] = {}
    result = set()
    for _, line in prose_lines(path):
        match = re.match(r"^#{1,6}\s+(.*)$", line)
        if not match:
            continue
        base = anchor(match.group(1))
        count = seen.get(base, 0)
        seen[base] = count + 1
        result.add(base if count == 0 else f"{base}-{count}")
    return result


def broken_links(root: pathlib.Path) -> list[str]:
    documents = [root / name for name in ("README.md", "UseCases.md", "CHANGELOG.md")]
    documents += sorted((root / "docs").glob("*.md"))
    problems = []
    for document in documents:
        if not document.is_file():
            problems.append(f"{document.relative_to(root)}: missing")
            continue
        for number, line in prose_lines(document):
            for target in LINK.findall(line):
                if re.match(r"^[a-z][a-z0-9+.-]*:", target):
                    continue  # another site, or mailto:
                file_part, _, fragment = target.partition("#")
                linked = (document.parent / file_part).resolve() if file_part else document.resolve()
                where = f"{document.relative_to(root)}:{number}: {target}"
                if not linked.exists():
                    problems.append(f"{where}: no such file")
                elif root not in linked.parents and linked != root:
                    problems.append(f"{where}: outside the repository")
                elif fragment and linked.suffix == ".md" and fragment not in anchors(linked):
                    problems.append(f"{where}: no heading gives #{fragment}")
    return problems


def main() -> None:
    root = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else pathlib.Path(__file__).parent.parent).resolve()
    problems = broken_links(root)
    for problem in problems:
        print(problem)
    if problems:
        print(f"doc_links: {len(problems)} broken links (above)", file=sys.stderr)
        sys.exit(1)
    print("doc_links: every relative link of the README, UseCases.md, CHANGELOG.md and docs/ resolves")


if __name__ == "__main__":
    main()
