"""The admin. Each model is registered once, in the module of its part of the site:

- ``pubs.admin.papers``: Paper (its authors and links inline), Venue (its CCF ranks inline), Tag;
- ``pubs.admin.people``: Person, Group, Membership, Advising; their pages are defined in
  ``people.admin``, which registers nothing (people never imports pubs), and registered here
  with the roles' scopes (``pubs.permissions``), their history and each person's papers;
- ``pubs.admin.imports``: BibtexImport, with the upload, preview and undo pages;
- ``pubs.admin.jobs``: ImportJob, the progress of an import planned or applied by the worker,
  and (``pubs.admin.sources``) the page adding papers by DOI, arXiv id or DBLP profile;
- ``pubs.admin.suggestions``: Suggestion, what the sources propose for papers, to accept;
- ``pubs.admin.invitations``: Invitation, and a person's "Login and roles" page where their
  group's editor invites them to log in and gives or takes their roles;
- ``pubs.admin.locale``: the admin in the visitor's language (a middleware; the switch in the
  header, ``templates/admin/base_site.html``, posts to Django's ``set_language``).

- ``pubs.admin.logins``: Django's User, its groups shown as the logins' roles.

Authorship, Link and VenueRank are edited only inline; django.contrib.auth registers its own
Group (named "roles" by ``pubs.apps``). The site's titles and login form are set in ``config.urls``.
"""

from pubs.admin import (  # noqa: F401  (registration on import)
    imports,
    invitations,
    jobs,
    logins,
    papers,
    people,
    suggestions,
)
