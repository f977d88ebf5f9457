"""Write the navigation cell of every notebook and the README's contents. Safe to re-run.

Each notebook gets one markdown cell at its end, found again by its marker and replaced:
previous · contents · next. The README's table sits between two marker comments; it links
the participant edition (workshop/) and, in its last column, the solved notebook.
"""

from pathlib import Path

import nbformat

ROOT = Path(__file__).resolve().parent.parent
MARKER = "<!-- navigation -->"
README_START, README_END = "<!-- contents:start -->", "<!-- contents:end -->"


def title_of(nb) -> str:
    for cell in nb.cells:
        if cell.cell_type == "markdown" and cell.source.startswith("# "):
            return cell.source.splitlines()[0][2:].strip()
    raise SystemExit("nav: a notebook has no '# Title' markdown cell; add one at the top")


def summary(nb) -> str:
    """The notebook's one-line summary (metadata looplab.summary), else its first sentence."""
    if nb.metadata.get("looplab", {}).get("summary"):
        return nb.metadata["looplab"]["summary"]
    parts = next(c for c in nb.cells if c.cell_type == "markdown").source.split("\n\n")
    paragraph = parts[1].strip().replace("\n", " ") if len(parts) > 1 else ""
    return paragraph.split(". ", 1)[0].rstrip(".") + "." if paragraph else ""


def nav_source(paths: list[Path], titles: list[str], i: int) -> str:
    parts = []
    if i > 0:
        parts.append(f"← [{titles[i - 1]}]({paths[i - 1].name})")
    parts.append("[Contents](../README.md#contents)")
    if i + 1 < len(paths):
        parts.append(f"[{titles[i + 1]}]({paths[i + 1].name}) →")
    return MARKER + "\n" + " · ".join(parts)


def main(root: Path = ROOT) -> None:
    """Rewrite the navigation cells of root/notebooks and the contents table of root/README.md."""
    paths = sorted((root / "notebooks").glob("[0-9][0-9]_*.ipynb"))
    books = [nbformat.read(p, as_version=4) for p in paths]
    titles = [title_of(nb) for nb in books]
    for i, (path, nb) in enumerate(zip(paths, books, strict=True)):
        nb.cells = [c for c in nb.cells if not c.source.startswith(MARKER)]
        cell = nbformat.v4.new_markdown_cell(nav_source(paths, titles, i))
        cell.id = "navigation"
        nb.cells.append(cell)
        nbformat.write(nb, path)
    rows = ["## Contents", "", "| notebook (participant edition) | what it covers | solved |", "| --- | --- | --- |"]
    rows += [f"| [{t}](workshop/{p.name}) | {summary(nb)} | [{p.stem[:2]}](notebooks/{p.name}) |"
             for p, t, nb in zip(paths, titles, books, strict=True)]
    readme = (root / "README.md").read_text(encoding="utf-8")
    head, _, rest = readme.partition(README_START)
    _, _, tail = rest.partition(README_END)
    table = "\n".join(rows)
    (root / "README.md").write_text(f"{head}{README_START}\n{table}\n{README_END}{tail}", encoding="utf-8")
    print(f"nav: {len(paths)} notebooks linked")


if __name__ == "__main__":
    main()
