"""Importing a file a second time creates, updates and links nothing, whatever the flags: a
law checked on generated files of real-world shapes (one human written several ways,
workshop and conference versions of one title, a preprint and its published version, papers
to appear or under review, page ranges with hyphens or en-dashes), and on a planning group's
real bibliography."""

from dataclasses import replace

import pytest
from django.db import transaction
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from people.models import Group
from pubs.bibtex.plan import Decisions
from pubs.imports.apply import bibtex_import_apply
from pubs.imports.plan import bibtex_import_plan
from tests.database_state import snapshot
from tests.shared_data import shared_data

pytestmark = pytest.mark.usefixtures("catalogue")

#: One human often written several ways, and namesakes (from the seeds and real files).
NAMES = [
    "Jin Fang", "Jiarui Fang", "J. Fang", "Fang, Jiarui", "Gongming Zhao", "G. Zhao",
    "Hongli Xu", "徐宏力", "Xu Hongli", "Robert Holte", "Robert C. Holte", "George E. Dahl",
    "George Dahl", r"Tom\'{a}s de la Rosa", r"Tom\'{a}s {de la Rosa}", "WANG Jiannan",
    "Jiannan Wang", "Nils Froleyks", "Nils Christian Froleyks", "Haohuan Fu", "Ada Lovelace",
]  # fmt: skip
TITLES = [
    "Scheduling Collectives on {GPU} Clusters",
    "Heuristic Search for Classical Planning",
    "A Study of Pattern Databases",
    "Learning Domain Knowledge",
]
VENUES = [
    ("booktitle", "Proceedings of the AAAI Conference on Artificial Intelligence"),
    ("booktitle", "ICAPS 2019 Workshop on Heuristics and Search for Domain-independent Planning"),
    ("booktitle", "Proceedings of the Workshop on Obscure Engines (WOE)"),
    ("journal", "IEEE Transactions on Parallel and Distributed Systems"),
    ("journal", "Journal of Obscure Engines"),
    ("journal", "Proceedings of the Obscure Engineers"),
    ("journal", "CoRR"),
    ("", ""),
]
PAGES = ["", "1--10", "1-10", "1–10", "117"]
NOTES = ["", "To appear", "Under review"]
TYPES = ["inproceedings", "article", "incollection", "misc", "techreport"]


@st.composite
def entries(draw, index: int) -> str:
    kind = draw(st.sampled_from(TYPES))
    field, venue = draw(st.sampled_from(VENUES))
    authors = draw(st.lists(st.sampled_from(NAMES), min_size=1, max_size=4, unique=True))
    fields = {
        "title": draw(st.sampled_from(TITLES)),
        "author": " and ".join(authors),
        "year": str(draw(st.integers(2018, 2021))),
    }
    if field:
        fields[field] = venue
    if pages := draw(st.sampled_from(PAGES)):
        fields["pages"] = pages
    if note := draw(st.sampled_from(NOTES)):
        fields["note"] = note
    if draw(st.booleans()):
        fields["doi"] = f"10.1000/x{draw(st.integers(0, 3))}"
    if venue == "CoRR" or draw(st.booleans()):
        fields["eprint"] = f"190{draw(st.integers(1, 3))}.0000{draw(st.integers(1, 3))}"
        fields["archiveprefix"] = "arXiv"
    body = ",\n".join(f"  {name} = {{{value}}}" for name, value in fields.items())
    return f"@{kind}{{e{index},\n{body}\n}}\n"


@st.composite
def files(draw) -> str:
    count = draw(st.integers(1, 6))
    return "\n".join(draw(entries(index)) for index in range(count))


@st.composite
def flags(draw) -> Decisions:
    return Decisions(
        create_venues=draw(st.booleans()),
        skip_invalid=True,
        allow_ambiguous=True,
        overwrite_all=draw(st.booleans()),
    )


def import_text(text: str, decisions: Decisions, group: Group | None = None):
    planned = bibtex_import_plan(text=text, decisions=decisions)
    bibtex_import_apply(planned=planned, file_name="law.bib", source="test", group=group)
    return planned.plan


def assert_second_import_changes_nothing(text: str, first: Decisions, second: Decisions):
    import_text(text, first, Group.objects.get(slug="ustc-int"))
    assert_imported_again_changes_nothing(text, second)


def assert_imported_again_changes_nothing(text: str, second: Decisions):
    group = Group.objects.get(slug="ustc-int")
    before = snapshot()
    planned = bibtex_import_plan(text=text, decisions=second)
    plan, changes = planned.plan, ("created", "updated", "people_new", "linked")
    assert [plan.summary()[name] for name in changes] == [0, 0, 0, 0], [
        (e.key, e.action, e.fill, e.versions)
        for e in plan.entries
        if e.action == "create" or e.updates or e.versions
    ]
    bibtex_import_apply(planned=planned, file_name="law.bib", source="test", group=group)
    assert snapshot() == before


@settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(text=files(), first=flags(), overwrite=st.booleans())
@example(
    text="@inproceedings{a, title={A Study of Pattern Databases}, author={Robert Holte},"
    " booktitle={Journal of Obscure Engines}, year=2019, pages={1--10}}\n"
    "@inproceedings{b, title={A Study of Pattern Databases}, author={Robert C. Holte},"
    " booktitle={Journal of Obscure Engines}, year=2019, pages={1–10}}\n",
    first=Decisions(create_venues=True, skip_invalid=True, allow_ambiguous=True),
    overwrite=True,
)
@example(
    # Of a preprint and a paper of its title with another arXiv id, and a workshop version
    # added later, the second import had matched the preprint to the workshop paper.
    text="@misc{a, title={Heuristic Search for Classical Planning}, author={Jiarui Fang},"
    " year=2019, journal={CoRR}, eprint={1903.00001}, archiveprefix={arXiv}}\n"
    "@article{b, title={Heuristic Search for Classical Planning}, author={Jiarui Fang},"
    " year=2020, journal={IEEE Transactions on Parallel and Distributed Systems},"
    " eprint={1901.00001}, archiveprefix={arXiv}}\n"
    "@inproceedings{c, title={Heuristic Search for Classical Planning}, author={Jiarui Fang},"
    " year=2018, eprint={1901.00001}, archiveprefix={arXiv}}\n"
    "@misc{d, title={Heuristic Search for Classical Planning}, author={Jiarui Fang},"
    " year=2020, booktitle={ICAPS 2019 Workshop on Heuristics and Search for"
    " Domain-independent Planning}}\n",
    first=Decisions(create_venues=True, skip_invalid=True, allow_ambiguous=True),
    overwrite=True,
)
@example(
    # One person listed twice in the list of the paper's first entry (a particle braced and
    # not), which is stored once: the second import completed it with the later entry's.
    text="@inproceedings{a, title={Scheduling Collectives on {GPU} Clusters}, year=2018,"
    r" author={Tom\'{a}s de la Rosa and Tom\'{a}s {de la Rosa}}, doi={10.1000/x0},"
    " booktitle={Proceedings of the AAAI Conference on Artificial Intelligence}}\n"
    "@inproceedings{b, title={Scheduling Collectives on {GPU} Clusters}, year=2018,"
    r" author={Jiarui Fang and Tom\'{a}s de la Rosa},"
    " booktitle={Proceedings of the AAAI Conference on Artificial Intelligence}}\n",
    first=Decisions(skip_invalid=True, allow_ambiguous=True),
    overwrite=False,
)
@example(
    # A workshop version naming a known person in Chinese order, and the full paper naming
    # them as the database has them: the second import had linked the two, the first not.
    text="@inproceedings{a, title={Scheduling Collectives on {GPU} Clusters}, year=2020,"
    r" author={Xu Hongli and Tom\'{a}s de la Rosa and Jin Fang},"
    " booktitle={Proceedings of the Workshop on Obscure Engines (WOE)}}\n"
    "@inproceedings{b, title={Scheduling Collectives on {GPU} Clusters}, year=2018,"
    r" author={Hongli Xu and Tom\'{a}s de la Rosa},"
    " booktitle={Proceedings of the AAAI Conference on Artificial Intelligence}}\n",
    first=Decisions(skip_invalid=True, allow_ambiguous=True),
    overwrite=False,
)
@example(
    # One title at a venue the import creates and at a catalogue venue: the first import had
    # taken them for one paper (an unknown name and a catalogue venue cannot be compared),
    # the second, comparing the created venue with the catalogue's, for two.
    text="@inproceedings{e0, title={Scheduling Collectives on {GPU} Clusters}, author={Jin Fang},"
    " year=2018, journal={Journal of Obscure Engines}}\n"
    "@inproceedings{e1, title={Scheduling Collectives on {GPU} Clusters}, author={Jin Fang},"
    " year=2018, journal={IEEE Transactions on Parallel and Distributed Systems}}\n",
    first=Decisions(create_venues=True, skip_invalid=True, allow_ambiguous=True),
    overwrite=False,
)
@example(
    # "J. Fang" decided by co-authors: Jin Fang wrote with Gongming Zhao, Jiarui Fang did not.
    # Once the paper was imported, it showed Jiarui Fang writing with him too, and the second
    # import found "J. Fang" ambiguous: a paper is no evidence of who its own authors are.
    text="@inproceedings{e0, title={Scheduling Collectives on {GPU} Clusters}, author={Jin Fang},"
    " year=2018, booktitle={Proceedings of the AAAI Conference on Artificial Intelligence}}\n"
    "@misc{e1, title={Scheduling Collectives on {GPU} Clusters}, year=2018,"
    " author={G. Zhao and Jin Fang and Jiarui Fang and J. Fang},"
    " booktitle={ICAPS 2019 Workshop on Heuristics and Search for Domain-independent Planning}}\n",
    first=Decisions(skip_invalid=True, allow_ambiguous=True),
    overwrite=False,
)
@example(
    # "Xu Hongli" of a workshop version, new to the database, is Hongli Xu's name in Chinese
    # order: in the file the versions had one author of two in common by family names
    # counted, once imported the new person "Hongli" made them "most authors the same".
    text="@inproceedings{e4, title={A Study of Pattern Databases}, year=2018,"
    " author={Jin Fang and 徐宏力 and Jiarui Fang and WANG Jiannan},"
    " booktitle={Proceedings of the AAAI Conference on Artificial Intelligence}}\n"
    "@inproceedings{e5, title={A Study of Pattern Databases}, author={Xu Hongli}, year=2018,"
    " booktitle={Proceedings of the Workshop on Obscure Engines (WOE)}}\n",
    first=Decisions(skip_invalid=True, allow_ambiguous=True),
    overwrite=False,
)
@example(
    # An entry of the DOI of a paper of another title: the second import had looked for the
    # versions of the paper by the entry's title, and linked it to a workshop paper of that
    # title; the first, whose workshop paper came later, had not.
    text="@inproceedings{e1, title={Scheduling Collectives on {GPU} Clusters}, author={Jin Fang},"
    " year=2018, booktitle={Proceedings of the AAAI Conference on Artificial Intelligence},"
    " doi={10.1000/x1}}\n"
    "@inproceedings{e2, title={A Study of Pattern Databases}, author={Jin Fang}, year=2018,"
    " booktitle={Proceedings of the AAAI Conference on Artificial Intelligence},"
    " doi={10.1000/x1}}\n"
    "@inproceedings{e5, title={A Study of Pattern Databases}, author={Jin Fang}, year=2018,"
    " booktitle={ICAPS 2019 Workshop on Heuristics and Search for Domain-independent Planning}}\n",
    first=Decisions(skip_invalid=True, allow_ambiguous=True),
    overwrite=False,
)
@example(
    # An entry with the DOI of one paper of the file and the arXiv id of another: the paper
    # of the DOI took the arXiv id too, and the import failed on two papers of one arXiv id.
    text="@inproceedings{e0, title={Scheduling Collectives on {GPU} Clusters}, author={Jin Fang},"
    " year=2018, journal={CoRR}, doi={10.1000/x0}, eprint={1901.00003}, archiveprefix={arXiv}}\n"
    "@article{e2, title={Scheduling Collectives on {GPU} Clusters}, author={Jin Fang},"
    " year=2018, doi={10.1000/x1},"
    " booktitle={ICAPS 2019 Workshop on Heuristics and Search for Domain-independent Planning}}\n"
    "@inproceedings{e3, title={Scheduling Collectives on {GPU} Clusters}, author={Jin Fang},"
    " year=2018, booktitle={Proceedings of the AAAI Conference on Artificial Intelligence},"
    " doi={10.1000/x1}, eprint={1901.00003}, archiveprefix={arXiv}}\n",
    first=Decisions(skip_invalid=True, allow_ambiguous=True),
    overwrite=False,
)
@example(
    # Jin and Jiarui Fang's workshop paper, and Jin Fang and Gongming Zhao's full paper: one
    # author in common, counted from the full paper in the file; counted from the workshop
    # paper on the second import, both Fangs had met the one.
    text="@inproceedings{e0, title={Scheduling Collectives on {GPU} Clusters}, year=2018,"
    " author={Jin Fang and Jiarui Fang},"
    " booktitle={Proceedings of the Workshop on Obscure Engines (WOE)}}\n"
    "@inproceedings{e1, title={Scheduling Collectives on {GPU} Clusters}, year=2018,"
    " author={Jin Fang and Gongming Zhao},"
    " booktitle={Proceedings of the AAAI Conference on Artificial Intelligence}}\n",
    first=Decisions(skip_invalid=True, allow_ambiguous=True),
    overwrite=False,
)
@example(
    # "J. Fang" is decided for Jiarui Fang (Jiannan Wang's co-author), who is on the list
    # already, and stored once; the first entry's "J. Fang", ambiguous, becomes a person
    # "J. Fang". Imported again, that person was a third candidate, the name ambiguous, and
    # its new person completed the second paper's list. A person known by initials alone
    # is now the name's only when those it could be cannot be told apart.
    text="@inproceedings{e2, title={Scheduling Collectives on {GPU} Clusters}, year=2018,"
    " author={Jin Fang and J. Fang and Jiarui Fang},"
    " booktitle={Proceedings of the AAAI Conference on Artificial Intelligence}}\n"
    "@inproceedings{e3, title={A Study of Pattern Databases}, year=2018,"
    " author={Jin Fang and Jiarui Fang and J. Fang and WANG Jiannan},"
    " booktitle={Proceedings of the AAAI Conference on Artificial Intelligence}}\n",
    first=Decisions(skip_invalid=True, allow_ambiguous=True),
    overwrite=False,
)
@example(
    # One human listed twice, written two ways: two authors in the file, one once stored,
    # with one in common with the full paper; the second import had linked the two.
    text="@inproceedings{e0, title={Scheduling Collectives on {GPU} Clusters}, year=2018,"
    r" author={Jin Fang and Tom\'{a}s de la Rosa and WANG Jiannan}, doi={10.1000/x0},"
    " booktitle={Proceedings of the AAAI Conference on Artificial Intelligence}}\n"
    "@inproceedings{e3, title={Scheduling Collectives on {GPU} Clusters}, year=2018,"
    " author={Jiannan Wang and WANG Jiannan},"
    " booktitle={ICAPS 2019 Workshop on Heuristics and Search for Domain-independent Planning}}\n",
    first=Decisions(skip_invalid=True, allow_ambiguous=True),
    overwrite=False,
)
@example(
    # "G. Zhao" is Gongming Zhao, listed after: one author once stored, as matching the authors
    # tells, after the papers were compared. The file is planned again, counted as stored.
    text="@inproceedings{e0, title={Scheduling Collectives on {GPU} Clusters}, year=2018,"
    " author={Jin Fang and Gongming Zhao},"
    " booktitle={Proceedings of the AAAI Conference on Artificial Intelligence}}\n"
    "@inproceedings{e1, title={Scheduling Collectives on {GPU} Clusters}, year=2018,"
    " author={G. Zhao and Gongming Zhao},"
    " booktitle={Proceedings of the Workshop on Obscure Engines (WOE)}}\n",
    first=Decisions(create_venues=True, skip_invalid=True, allow_ambiguous=True),
    overwrite=False,
)
@example(
    # A workshop note (@misc) had been taken for the preprint of its title, which the
    # conference entry after it then made the conference paper: the second import found the
    # note another paper than the conference paper, and created it.
    text="@inproceedings{e0, title={Scheduling Collectives on {GPU} Clusters}, author={Jin Fang},"
    " year=2018, journal={CoRR}, eprint={1901.00001}, archiveprefix={arXiv}}\n"
    "@misc{e1, title={Scheduling Collectives on {GPU} Clusters}, author={Jin Fang}, year=2018,"
    " booktitle={ICAPS 2019 Workshop on Heuristics and Search for Domain-independent Planning}}\n"
    "@inproceedings{e2, title={Scheduling Collectives on {GPU} Clusters}, author={Jin Fang},"
    " year=2018, booktitle={Proceedings of the AAAI Conference on Artificial Intelligence}}\n",
    first=Decisions(skip_invalid=True, allow_ambiguous=True),
    overwrite=False,
)
@example(
    # An arXiv entry "to appear" (so taken for published) whose arXiv id is a preprint's that
    # a workshop version had made published: it gave that paper arXiv for its venue, and the
    # workshop entry, imported again, no longer found it (a catalogue venue and a name).
    text="@inproceedings{e0, title={Scheduling Collectives on {GPU} Clusters}, author={Jin Fang},"
    " year=2018, booktitle={Proceedings of the AAAI Conference on Artificial Intelligence}}\n"
    "@inproceedings{e1, title={Heuristic Search for Classical Planning}, year=2018,"
    " author={Jin Fang and Hongli Xu}, journal={CoRR}, eprint={1901.00001},"
    " archiveprefix={arXiv}}\n"
    "@inproceedings{e2, title={Heuristic Search for Classical Planning}, year=2018,"
    " author={Jin Fang and Jiarui Fang},"
    " booktitle={ICAPS 2019 Workshop on Heuristics and Search for Domain-independent Planning}}\n"
    "@inproceedings{e3, title={Scheduling Collectives on {GPU} Clusters}, author={Jin Fang},"
    " year=2018, journal={CoRR}, note={To appear}, eprint={1901.00001}, archiveprefix={arXiv}}\n",
    first=Decisions(skip_invalid=True, allow_ambiguous=True),
    overwrite=False,
)
@example(
    # The conference entry carrying the arXiv id of a preprint that a workshop version had
    # made published: it gave the workshop paper the conference's venue, and the workshop
    # entry, imported again, no longer found its paper.
    text="@inproceedings{e0, title={Scheduling Collectives on {GPU} Clusters}, year=2018,"
    " author={Jin Fang and Gongming Zhao}, journal={CoRR}, eprint={1901.00001},"
    " archiveprefix={arXiv}}\n"
    "@inproceedings{e1, title={Scheduling Collectives on {GPU} Clusters}, year=2018,"
    " author={Jin Fang and Jiarui Fang},"
    " booktitle={ICAPS 2019 Workshop on Heuristics and Search for Domain-independent Planning}}\n"
    "@inproceedings{e2, title={Scheduling Collectives on {GPU} Clusters}, author={Jin Fang},"
    " year=2018, booktitle={Proceedings of the AAAI Conference on Artificial Intelligence}}\n"
    "@inproceedings{e6, title={Scheduling Collectives on {GPU} Clusters}, author={Jin Fang},"
    " year=2018, booktitle={Proceedings of the AAAI Conference on Artificial Intelligence},"
    " eprint={1901.00001}, archiveprefix={arXiv}}\n",
    first=Decisions(skip_invalid=True, allow_ambiguous=True),
    overwrite=False,
)
@example(
    # A workshop submission, then the paper published without saying where: promoted, the
    # paper had kept the workshop's proceedings, and was no longer found by the entry.
    text="@misc{e0, title={A Study of Pattern Databases}, author={Jin Fang}, year=2018,"
    " booktitle={ICAPS 2019 Workshop on Heuristics and Search for Domain-independent Planning},"
    " note={Under review}}\n"
    "@inproceedings{e1, title={A Study of Pattern Databases}, author={Jin Fang}, year=2018}\n",
    first=Decisions(skip_invalid=True, allow_ambiguous=True),
    overwrite=False,
)
@example(
    # A submission, its preprint with a DOI, and a paper of another title with that DOI: the
    # DOI had merged the other title into the preprint's paper, silently. A shared DOI on
    # titles that disagree is a conflict (identity: identifier_titles_disagree), reported.
    text="@inproceedings{e0,\n  title = {Heuristic Search for Classical Planning},\n"
    "  author = {Jin Fang},\n  year = {2018},\n"
    "  booktitle = {Proceedings of the AAAI Conference on Artificial Intelligence},\n"
    "  note = {Under review}\n}\n\n"
    "@inproceedings{e1,\n  title = {Heuristic Search for Classical Planning},\n"
    "  author = {Jin Fang},\n  year = {2018},\n  journal = {CoRR},\n  doi = {10.1000/x1},\n"
    "  eprint = {1901.00001},\n  archiveprefix = {arXiv}\n}\n\n"
    "@inproceedings{e2,\n  title = {Scheduling Collectives on {GPU} Clusters},\n"
    "  author = {Jin Fang},\n  year = {2021},\n"
    "  booktitle = {Proceedings of the AAAI Conference on Artificial Intelligence},\n"
    "  doi = {10.1000/x1}\n}\n",
    first=Decisions(skip_invalid=True, allow_ambiguous=True),
    overwrite=False,
)
@example(
    # "J. Fang" of a preprint decided for Jiarui Fang, listed already, by a co-author that a
    # duplicate entry of another paper gave; once imported, the "J. Fang" of that other paper
    # was Jin Fang, a co-author of Jiarui Fang too, and the name ambiguous: its new person,
    # made only because the name is ambiguous, completed the preprint's list.
    text="@inproceedings{e0, title={Scheduling Collectives on {GPU} Clusters}, author={Jin Fang},"
    " year=2018, booktitle={Proceedings of the AAAI Conference on Artificial Intelligence},"
    " doi={10.1000/x0}}\n"
    "@inproceedings{e1, title={Scheduling Collectives on {GPU} Clusters}, year=2018,"
    r" author={Jiarui Fang and Tom\'{a}s {de la Rosa} and J. Fang}, journal={CoRR},"
    " pages={1--10}, note={To appear}, eprint={1901.00001}, archiveprefix={arXiv}}\n"
    "@inproceedings{e2, title={Scheduling Collectives on {GPU} Clusters}, year=2018,"
    r" author={Jiarui Fang and Robert Holte and Tom\'{a}s de la Rosa}, doi={10.1000/x0},"
    " booktitle={Proceedings of the AAAI Conference on Artificial Intelligence}}\n"
    "@inproceedings{e3, title={Scheduling Collectives on {GPU} Clusters}, year=2018,"
    " author={Gongming Zhao and Robert C. Holte and J. Fang and Jiarui Fang},"
    " booktitle={Proceedings of the AAAI Conference on Artificial Intelligence}}\n",
    first=Decisions(skip_invalid=True, allow_ambiguous=True),
    overwrite=False,
)
@example(
    # Five entries of one title: the second import completed the author list of e4's paper
    # ("Jin Fang and J. Fang and G. Zhao", under review) that the first left alone.
    text="@inproceedings{e0, title={Scheduling Collectives on {GPU} Clusters}, author={J. Fang},"
    " year=2020, booktitle={Proceedings of the AAAI Conference on Artificial Intelligence},"
    " doi={10.1000/x0}}\n"
    "@article{e1, title={Scheduling Collectives on {GPU} Clusters}, year=2018,"
    " author={Jin Fang and Jiarui Fang},"
    " booktitle={ICAPS 2019 Workshop on Heuristics and Search for Domain-independent Planning}}\n"
    "@article{e2, title={Scheduling Collectives on {GPU} Clusters}, year=2018,"
    " author={Jiarui Fang and Jin Fang and J. Fang},"
    " booktitle={ICAPS 2019 Workshop on Heuristics and Search for Domain-independent Planning}}\n"
    "@inproceedings{e3, title={Scheduling Collectives on {GPU} Clusters}, author={Jin Fang},"
    " year=2018, booktitle={Proceedings of the AAAI Conference on Artificial Intelligence}}\n"
    "@inproceedings{e4, title={Scheduling Collectives on {GPU} Clusters}, year=2018,"
    " author={Jin Fang and J. Fang and G. Zhao},"
    " booktitle={Proceedings of the AAAI Conference on Artificial Intelligence},"
    " note={Under review}}\n",
    first=Decisions(skip_invalid=True, allow_ambiguous=True),
    overwrite=False,
)
@example(
    # The "J. Fang" of e0, ambiguous, became a person "J. Fang"; imported again, e2's "J.
    # Fang" found that person (kept_for_several) and completed e1's paper with it, which the
    # first import had left alone for the ambiguous name.
    text="@inproceedings{e0, title={Scheduling Collectives on {GPU} Clusters}, author={J. Fang},"
    " year=2020, booktitle={Proceedings of the AAAI Conference on Artificial Intelligence},"
    " doi={10.1000/x0}, eprint={1901.00003}, archiveprefix={arXiv}}\n"
    "@inproceedings{e1, title={Scheduling Collectives on {GPU} Clusters}, author={Jin Fang},"
    " year=2018, booktitle={Proceedings of the AAAI Conference on Artificial Intelligence}}\n"
    "@inproceedings{e2, title={Scheduling Collectives on {GPU} Clusters}, year=2018,"
    " author={Jin Fang and J. Fang and Fang, Jiarui},"
    " booktitle={Proceedings of the AAAI Conference on Artificial Intelligence}}\n"
    "@inproceedings{e4, title={Scheduling Collectives on {GPU} Clusters}, author={Jin Fang},"
    " year=2018, booktitle={Proceedings of the AAAI Conference on Artificial Intelligence},"
    " doi={10.1000/x1}, eprint={1903.00001}, archiveprefix={arXiv}}\n",
    first=Decisions(skip_invalid=True, allow_ambiguous=True),
    overwrite=False,
)
@example(
    # Two entries of one title with different DOIs, and a third of another title with e0's
    # DOI: e0's DOI is a conflict (reported), the paper of its title is kept without it and
    # e1 gives it e1's. Imported again, e0's disputed DOI set it apart from that paper
    # (different_dois), and e0 was created anew: a disputed identifier sets no paper apart.
    text="@inproceedings{e0,\n  title = {Scheduling Collectives on {GPU} Clusters},\n"
    "  author = {Jin Fang},\n  year = {2018},\n"
    "  booktitle = {Proceedings of the AAAI Conference on Artificial Intelligence},\n"
    "  note = {To appear},\n  doi = {10.1000/x1}\n}\n\n"
    "@inproceedings{e1,\n  title = {Scheduling Collectives on {GPU} Clusters},\n"
    "  author = {Jin Fang},\n  year = {2018},\n"
    "  booktitle = {Proceedings of the AAAI Conference on Artificial Intelligence},\n"
    "  note = {To appear},\n  doi = {10.1000/x0}\n}\n\n"
    "@inproceedings{e2,\n  title = {Heuristic Search for Classical Planning},\n"
    "  author = {Jin Fang},\n  year = {2018},\n"
    "  booktitle = {Proceedings of the AAAI Conference on Artificial Intelligence},\n"
    "  doi = {10.1000/x1}\n}\n",
    first=Decisions(skip_invalid=True, allow_ambiguous=True),
    overwrite=False,
)
def test_a_generated_file_imported_twice_changes_nothing_the_second_time(text, first, overwrite):
    """The second import with the first's flags, or overwriting what differs."""
    second = replace(first, overwrite_all=overwrite)
    with transaction.atomic():
        assert_second_import_changes_nothing(text, first, second)
        transaction.set_rollback(True)  # keep examples apart


def test_importing_the_iridia_file_again_changes_nothing_whatever_the_flags():
    text = shared_data("iridia-references.bib").read_text(encoding="utf-8")
    first = Decisions(create_venues=True, allow_ambiguous=True, skip_invalid=True)
    assert import_text(text, first, Group.objects.get(slug="ustc-int")).summary()["created"] > 2800
    for second in (  # each imported again in turn: the first import is the costly part
        Decisions(allow_ambiguous=True, skip_invalid=True),
        Decisions(create_venues=True, allow_ambiguous=True, skip_invalid=True),
        Decisions(create_venues=True, allow_ambiguous=True, skip_invalid=True, overwrite_all=True),
    ):
        assert_imported_again_changes_nothing(text, second)
