"""manage.py link_versions: previews by default, links with --apply."""

from __future__ import annotations

from io import StringIO

import pytest
from django.core.management import call_command

from pubs.models import BibtexImport, Paper
from tests.versions.conftest import PATRICKSTAR_PREPRINT, PATRICKSTAR_TPDS

pytestmark = pytest.mark.django_db


def link_versions(*args: str) -> str:
    out = StringIO()
    call_command("link_versions", *args, stdout=out)
    return out.getvalue()


def test_the_preview_lists_each_pair_with_the_papers_and_the_rule(
    patrickstar, journal_then_conference, wrong_arxiv_id
):
    preprint, journal = patrickstar
    text = link_versions()
    assert "Versions of one work to link: 1\n" in text
    assert (
        f"  #{preprint.pk} “{PATRICKSTAR_PREPRINT}” (2021, preprint) / "
        f"#{journal.pk} “{PATRICKSTAR_TPDS}” (2022, journal): retitled_close_titles_same_authors"
    ) in text
    assert "Suggested versions (weak evidence: not linked, link them in the admin): 1\n" in text
    assert "“Ablation Analysis” (2016, conference): different_kinds" in text
    assert "(one identifier on two works whose titles disagree: not linked): 1\n" in text
    assert "“On Evaluating Language Models” (2017, preprint): identifier_titles_disagree" in text


def test_the_preview_writes_nothing(patrickstar):
    assert "run again with --apply" in link_versions()
    assert not Paper.versions.through.objects.exists()
    assert not BibtexImport.objects.exists()


def test_apply_links_the_links_as_an_import(patrickstar):
    text = link_versions("--apply")
    record = BibtexImport.objects.get()
    assert f"Linked 1 pairs of versions: import #{record.pk}" in text
    assert Paper.versions.through.objects.count() == 2


def test_a_second_apply_finds_nothing_new(patrickstar):
    link_versions("--apply")
    text = link_versions("--apply")
    assert "Versions of one work to link: 0\n" in text
    assert text.endswith("Nothing new to link.\n")
    assert BibtexImport.objects.count() == 1
