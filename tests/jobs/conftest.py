"""Fixtures of the job tests: the real queue (django-tasks' database backend) and its worker,
run in the test's process until the queue is empty."""

import io

import pytest
from django.contrib.auth.models import Group as AuthGroup
from django.core.management import call_command
from django.utils import timezone

from pubs.models import PaperKind, Status, VenueKind, WorkerBeat
from pubs.permissions import GROUP_EDITOR
from tests.factories import GroupFactory, PaperFactory, VenueFactory
from tests.sources.replay import Replay


@pytest.fixture
def run_worker():
    """Run ``manage.py worker --batch``: every job in the queue, then return."""

    def run(worker_id: str = "test-worker") -> None:
        call_command("worker", batch=True, worker_id=worker_id, interval=0, verbosity=0)

    return run


@pytest.fixture
def sources(settings) -> Replay:
    """The sources answer with their recorded answers (routes added by the test), once each."""
    replay = Replay()
    settings.SOURCES_TRANSPORT = replay
    settings.SOURCES_ATTEMPTS = 1
    return replay


ARXIV_API = "https://export.arxiv.org/api/query"
TITLE = "Quantum Criticality for Extended Nodes on a Bethe Lattice in the Large Connectivity Limit"


@pytest.fixture
def preprint():
    """A preprint of 1111.2011, which its arXiv record says appeared in Phys. Rev. B."""
    arxiv = VenueFactory(abbreviation="arXiv", name="arXiv", kind=VenueKind.PREPRINT_SERVER)
    VenueFactory(
        abbreviation="PRB",
        name="Physical Review B",
        kind=VenueKind.JOURNAL,
        aliases=["Phys. Rev. B"],
        slug="prb",
    )
    return PaperFactory(
        title=TITLE,
        year=2011,
        kind=PaperKind.PREPRINT,
        status=Status.PREPRINT,
        venue=arxiv,
        arxiv_id="1111.2011",
    )


@pytest.fixture
def arxiv_says_published(sources):
    sources.recorded(ARXIV_API, "arxiv/id_list=1111.2011v2.xml", id_list="1111.2011")
    # Crossref's record of the DOI is not recorded: Crossref not knowing it is the failure
    # case, and the journal reference names the venue.
    sources.route("https://api.crossref.org/works/10.1103/physrevb.85.115117", "", status=404)
    return sources


@pytest.fixture
def editor(django_user_model):
    """A group editor (the roles of manage.py setup_roles) of the group "lab"."""
    call_command("setup_roles", stdout=io.StringIO())
    user = django_user_model.objects.create_user("editor", is_staff=True)
    user.groups.add(AuthGroup.objects.get(name=GROUP_EDITOR))
    GroupFactory(slug="lab").editors.add(user)
    return user


@pytest.fixture
def editor_client(client, editor):
    client.force_login(editor)
    return client


@pytest.fixture
def worker_alive():
    """A worker that said just now that it is alive (and runs nothing)."""
    now = timezone.now()
    return WorkerBeat.objects.create(worker_id="alive", started=now, seen=now)
