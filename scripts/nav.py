"""Write the navigation cell of every notebook and the README's contents, in both languages. Safe to re-run.

Each notebook gets one markdown cell at its end, found again by its marker and replaced:
previous · contents · next. The README's table sits between two marker comments; it links
the participant edition (workshop/) and, in its last column, the solved notebook. The French
edition (notebooks-fr/, workshop-fr/) gets the same, with its table in the README's French section;
its navigation cells are generated, so they are stamped as rendering today's English ones.
"""

from pathlib import Path

import nbformat
from french import digest

ROOT = Path(__file__).resolve().parent.parent
MARKER = "<!-- navigation -->"
README_START, README_END = "<!-- contents:start -->", "<!-- contents:end -->"
EDITIONS = {  # language -> solved folder, participant folder, contents link text and anchor, table head, markers
    "en": ("notebooks", "workshop", "Contents", "contents",
           "## Contents\n\n| notebook (participant edition) | what it covers | solved |", README_START, README_END),
    "fr": ("notebooks-fr", "workshop-fr", "Sommaire", "en-français",
           "### Sommaire\n\n| notebook (édition participant) | ce qu'il couvre | corrigé |",
           "<!-- sommaire:start -->", "<!-- sommaire:end -->"),
}


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


def nav_source(paths: list[Path], titles: list[str], i: int, contents: str = "Contents", anchor: str = "contents") -> str:
    parts = []
    if i > 0:
        parts.append(f"← [{titles[i - 1]}]({paths[i - 1].name})")
    parts.append(f"[{contents}](../README.md#{anchor})")
    if i + 1 < len(paths):
        parts.append(f"[{titles[i + 1]}]({paths[i + 1].name}) →")
    return MARKER + "\n" + " · ".join(parts)


def edition(root: Path, language: str) -> int:
    """Rewrite the navigation cells of one edition's solved notebooks and its table in root/README.md."""
    solved, participant, contents, anchor, head_rows, start, end = EDITIONS[language]
    paths = sorted((root / solved).glob("[0-9][0-9]_*.ipynb"))
    english = {p.name[:2]: p for p in (root / "notebooks").glob("[0-9][0-9]_*.ipynb")}
    books = [nbformat.read(p, as_version=4) for p in paths]
    titles = [title_of(nb) for nb in books]
    for i, (path, nb) in enumerate(zip(paths, books, strict=True)):
        nb.cells = [c for c in nb.cells if not c.source.startswith(MARKER)]
        cell = nbformat.v4.new_markdown_cell(nav_source(paths, titles, i, contents, anchor))
        cell.id = "navigation"
        if language != "en":  # generated, not translated: it renders the English navigation cell as it is now
            cell.metadata["looplab"] = {"en": digest(nbformat.read(english[path.name[:2]], as_version=4).cells[-1].source)}
        nb.cells.append(cell)
        nbformat.write(nb, path)
    rows = [head_rows, "| --- | --- | --- |"]
    rows += [f"| [{t}]({participant}/{p.name}) | {summary(nb)} | [{p.stem[:2]}]({solved}/{p.name}) |"
             for p, t, nb in zip(paths, titles, books, strict=True)]
    readme = (root / "README.md").read_text(encoding="utf-8")
    if start in readme:
        head, _, rest = readme.partition(start)
        _, _, tail = rest.partition(end)
        table = "\n".join(rows)
        (root / "README.md").write_text(f"{head}{start}\n{table}\n{end}{tail}", encoding="utf-8")
    return len(paths)


def main(root: Path = ROOT) -> None:
    """Rewrite the navigation cells and contents tables of both editions (English first)."""
    counts = [edition(root, language) for language in EDITIONS]
    print(f"nav: {counts[0]} notebooks linked, {counts[1]} in French")


if __name__ == "__main__":
    main()
