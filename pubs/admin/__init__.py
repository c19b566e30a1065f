"""The admin: each module registers the ModelAdmins of one part of the site."""

from pubs.admin import imports, papers, people  # noqa: F401  (registration on import)
