"""Wordings and data from the res48 hunt (W01 changelog bullets, W03 a French FAQ's question and answer) and the
fixres2 note left (a café 'in Wickham' answered with 'Wickham Market')."""

from __future__ import annotations

import pytest
from conversations import answer, documents

CAMPING = {"faq.md": "# Foire aux questions — Camping Les Pins\n\n"
                     "**Q : Le camping a-t-il une piscine ?**\nR : Oui, chauffée à 27 °C, ouverte du 1er juin au 15 septembre.\n\n"
                     "**Q : Y a-t-il le wifi ?**\nR : Le wifi est gratuit près de l'accueil seulement.\n\n"
                     "**Q : Quand le camping est-il ouvert ?**\nR : Du 1er avril au 30 septembre.\n",
           "activites.md": "# Activités\n\nLa location de vélos coûte 12 € la journée.\n"}


@pytest.mark.parametrize(("task", "kept"), [
    ("Quand le camping ouvre-t-il, et combien coûte le vélo ?", ["Du 1er avril au 30 septembre", "12 € la journée"]),
    ("Quand le camping ouvre-t-il ?", ["Du 1er avril au 30 septembre"]),
    ("Quand le camping ferme-t-il, et combien coûte le vélo ?", ["12 € la journée", "je n'ai su y relier aucune phrase"])])
def test_a_faq_question_and_its_answer_are_one_passage(tmp_path, task, kept):
    """'Quand le camping ouvre-t-il' over '**Q : Quand le camping est-il ouvert ?** R : Du 1er avril au 30 septembre.'
    was 'aucune phrase trouvée n'en parle' (res48 W03): 'ouvert' is 'ouvre' in another form, and the pool's answer
    ('ouverte du 1er juin') is not the camping's. Where no quote fits, that no sentence speaks of it is said only where
    no passage read carries the part's terms: the Q/A on when it is open speaks of when it closes."""
    said = answer(task, documents(tmp_path, CAMPING))
    assert all(k in said for k in kept) and "aucune phrase trouvée" not in said and "1er juin" not in said, said


CHANGELOG = {"changelog.md": "# Fernlog changelog\n\n## Version 3.2.0 (14 March 2025)\n- Added dark mode.\n"
                             "- Removed the old XML importer.\n\n## Version 3.1.0 (10 January 2025)\n- Added export to CSV.\n"
                             "- Windows 7 is no longer supported.\n\n## Version 3.0.0 (1 October 2024)\n- New plugin system.\n"
                             "- Python 3.8 is required (was 3.6).\n"}


def test_a_changelog_item_of_another_thing_is_no_answer(tmp_path):
    """'Which version added the plugin system and when was it released?' quoted the 3.2.0 and 3.1.0 bullets (dark mode,
    CSV) and the 3.0.0 one without its heading (res48 W01): no item that lacks the asked terms, and no heading-less
    item."""
    said = answer("Which version added the plugin system and when was it released?", documents(tmp_path, CHANGELOG))
    assert "dark mode" not in said and "CSV" not in said and "- New plugin system." not in said.replace(
        "Version 3.0.0 (1 October 2024) - New plugin system.", ""), said


@pytest.mark.parametrize(("task", "kept", "left"), [
    ("Which version added export to CSV?", "Version 3.1.0 (10 January 2025) - Added export to CSV.", "dark mode"),
    ("Which version removed the XML importer?", "Version 3.2.0 (14 March 2025) - Removed the old XML importer.", "CSV"),
    ("What was added in version 3.1.0?", "Version 3.1.0 (10 January 2025) - Added export to CSV.", "dark mode")])
def test_a_changelog_item_is_quoted_with_its_version_heading(tmp_path, task, kept, left):
    """A bullet under '## Version …' is quoted with the heading that gives its version and date; an item of another
    version is not quoted for the one asked."""
    said = answer(task, documents(tmp_path, CHANGELOG))
    assert kept in said and left not in said, said


@pytest.mark.parametrize(("pages", "task", "other"), [
    ({"c.md": "# Cafés\n\nThe café in Wickham Market opens at 8:00.\n"}, "When does the café in Wickham open?", "Wickham Market"),
    ({"l.md": "# Libraries\n\nSutton Coldfield Library opens at 9:00.\n"}, "When does the library in Sutton open?",
     "Sutton Coldfield Library")])
def test_a_longer_town_name_ending_on_a_kind_word_is_another_town(tmp_path, pages, task, other):
    """'The café in Wickham Market opens at 8:00.' was quoted for 'the café in Wickham' (fixres2 left): asked of a
    thing in a town, the longer name is another town though it ends on 'Market' or 'Library'."""
    said = answer(task, documents(tmp_path, pages))
    assert "another place" in said and f"it speaks of '{other}'" in said and "I did not quote" in said, said


@pytest.mark.parametrize(("pages", "task", "kept"), [
    ({"c.md": "# Cafés\n\nThe café in Wickham Market opens at 8:00.\nThe café in Wickham opens at 9:30.\n"},
     "When does the café in Wickham open?", "9:30")])
def test_the_asked_place_is_still_quoted(tmp_path, pages, task, kept):
    said = answer(task, documents(tmp_path, pages))
    assert kept in said and "8:00" not in said and "another place" not in said, said
