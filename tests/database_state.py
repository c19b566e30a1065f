"""What the database holds of what an import may touch, for comparing before and after."""

from people.models import Advising, Group, Membership, Person
from pubs.models import Authorship, Link, Paper, Tag, Venue, VenueRank

#: The rows an import may touch (the import log itself aside).
IMPORTED_MODELS = [
    Person,
    Membership,
    Advising,
    Group,
    Venue,
    VenueRank,
    Paper,
    Authorship,
    Link,
    Tag,
    Paper.tags.through,
    Paper.groups.through,
    Paper.versions.through,
]


def snapshot() -> dict[str, list]:
    """Every row of those tables, by model, in a stable order."""
    return {
        model.__name__: sorted(model.objects.values_list(), key=repr) for model in IMPORTED_MODELS
    }
