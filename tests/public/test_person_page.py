"""A person's page on the demo data: the namesakes not to confuse them with, advisors and
advisees, their feed and their group's, and the filter chips that name what they filter."""

from xml.etree import ElementTree

import pytest

from people.models import Advising, Group, Person
from pubs.models import Paper
from pubs.queries import selectors
from tests.factories import PersonFactory, paper_with_authors

pytestmark = pytest.mark.usefixtures("demo")

ATOM = "{http://www.w3.org/2005/Atom}"


def public_titles(**lookup) -> set[str]:
    return set(Paper.objects.filter(is_public=True, **lookup).values_list("title", flat=True))


# -- not to be confused with ----------------------------------------------------------------


def test_jin_fang_is_not_to_be_confused_with_jiarui_fang(client):
    html = client.get("/people/jin-fang/").content.decode()
    assert (
        'Not to be confused with <a href="/people/jiarui-fang/">Jiarui Fang</a>, also printed'
        " “J. Fang”." in html
    )


def test_and_the_other_way_round(client):
    html = client.get("/people/jiarui-fang/").content.decode()
    assert 'Not to be confused with <a href="/people/jin-fang/">Jin Fang</a>' in html


def test_someone_whose_printed_forms_are_their_own_has_no_namesakes(client):
    assert client.get("/people/jiangfei-duan/").context["namesakes"] == []


def test_a_shared_variant_makes_namesakes():
    xu = Person.objects.get(slug="hongli-xu")
    other = PersonFactory(given_name="Hao", family_name="Xu")
    paper_with_authors(other, title="Another Xu")
    assert (other, "H. Xu") in [(n.person, n.form) for n in selectors.namesakes(xu)]


def test_a_namesake_known_only_by_hidden_papers_is_not_named():
    hidden = PersonFactory(given_name="Jun", family_name="Fang")
    paper_with_authors(hidden, title="Draft", is_public=False)
    jin = Person.objects.get(slug="jin-fang")
    assert hidden not in [n.person for n in selectors.namesakes(jin)]


# -- advising -------------------------------------------------------------------------------


def test_a_student_s_page_lists_their_advisors_with_their_roles(client):
    html = client.get("/people/jiarui-fang/").content.decode()
    advisors = html[html.index('class="meta advisors"') :]
    advisors = advisors[: advisors.index("</p>")]
    assert '<a href="/people/guangwen-yang/">Guangwen Yang</a>' in advisors
    co_advisor = '<a href="/people/haohuan-fu/">Haohuan Fu</a> <small>(Co-advisor, Ph.D., Tsinghua'
    assert co_advisor in advisors


def test_an_advisor_s_page_lists_whom_they_advised(client):
    html = client.get("/people/hongli-xu/").content.decode()
    advised = html[html.index('class="meta advisees"') :]
    assert '<a href="/people/jin-fang/">Jin Fang</a>' in advised[: advised.index("</p>")]


def test_advisees_in_chinese(client):
    html = client.get("/zh-hans/people/hongli-xu/").content.decode()
    assert "指导过" in html


def test_advising_is_read_in_one_query(django_assert_num_queries):
    duan = Person.objects.get(slug="jiangfei-duan")
    with django_assert_num_queries(1):
        advisors, advisees = selectors.advising(duan)
        names = [a.advisor.name for a in advisors] + [a.student.name for a in advisees]
    assert len(names) == Advising.objects.filter(student=duan).count()


# -- feeds ----------------------------------------------------------------------------------


def feed(client, url: str) -> ElementTree.Element:
    response = client.get(url)
    assert response.status_code == 200
    assert response["Content-Type"].startswith("application/atom+xml")
    return ElementTree.fromstring(response.content)


def test_a_person_s_feed_has_their_papers(client):
    root = feed(client, "/people/jin-fang/feed/")
    assert root.findtext(f"{ATOM}title") == "Publications of Jin Fang"
    titles = {entry.findtext(f"{ATOM}title") for entry in root.iter(f"{ATOM}entry")}
    assert titles == public_titles(authorships__person__slug="jin-fang")


def test_a_group_s_feed_has_its_papers(client):
    """Those its members wrote while members, and those given the group."""
    root = feed(client, "/groups/ustc-int/feed/")
    titles = {entry.findtext(f"{ATOM}title") for entry in root.iter(f"{ATOM}entry")}
    group = Group.objects.get(slug="ustc-int")
    assert titles == set(selectors.group_papers(group).values_list("title", flat=True))
    assert titles > public_titles(groups=group)


def test_the_pages_link_their_feeds(client):
    assert 'href="/people/jin-fang/feed/"' in client.get("/people/jin-fang/").content.decode()
    assert 'href="/groups/ustc-int/feed/"' in client.get("/groups/ustc-int/").content.decode()


def test_the_feed_of_no_one_is_a_404(client):
    assert client.get("/people/nobody/feed/").status_code == 404
    assert client.get("/groups/nothing/feed/").status_code == 404


def test_the_feed_of_someone_known_only_by_hidden_papers_is_a_404(client):
    hidden = PersonFactory(given_name="Unseen", family_name="Author", slug="unseen")
    paper_with_authors(hidden, title="Draft", is_public=False)
    assert client.get("/people/unseen/feed/").status_code == 404


# -- filter chips ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("query", "chip"),
    [
        ("person=jiarui-fang", "Person: Jiarui Fang ×"),
        ("group=ustc-int", "Group: USTC Intelligent Network and System Group ×"),
        ("venue=icnp", "Venue: ICNP ×"),
    ],
)
def test_a_filter_chip_names_what_it_filters_by(client, query, chip):
    html = client.get(f"/publications/?{query}").content.decode()
    assert chip in html


def test_a_chip_of_someone_not_public_shows_the_slug(client):
    hidden = PersonFactory(given_name="Unseen", family_name="Author", slug="unseen")
    paper_with_authors(hidden, title="Draft", is_public=False)
    html = client.get("/publications/?person=unseen").content.decode()
    assert "Person: unseen ×" in html
    assert "Unseen Author" not in html
