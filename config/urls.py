from django.conf.urls.i18n import i18n_patterns
from django.contrib import admin
from django.urls import include, path
from django.utils.functional import lazy
from django.utils.translation import gettext_lazy as _

from pubs.admin.invitations import invitation_accept_view
from pubs.web import health, media, site, sitemaps

# The admin site (its models are registered in pubs.admin). Repeated failed logins lock the
# username for a while (django-axes, config/settings.py).
# The admin is headed by the lab's name (SITE_NAME), in the language of the page.
admin.site.site_header = admin.site.site_title = lazy(lambda: site.current().name, str)()
admin.site.index_title = _("Manage publications, people and venues")

urlpatterns = [
    # An invitation's link, where the invited person sets their password (under /admin/: in
    # the admin's look and the visitor's language; no login needed).
    path("admin/invitation/<str:token>/", invitation_accept_view, name="invitation-accept"),
    path("admin/", admin.site.urls),
    # The admin's language switcher posts here (Django's set_language).
    path("i18n/", include("django.conf.urls.i18n")),
    # The public read API and embeds, versioned in their path (pubs.api; docs/api.md).
    path("api/v1/", include("pubs.api.urls")),
    path("sitemap.xml", sitemaps.sitemap_xml, name="sitemap"),
    path("robots.txt", sitemaps.robots_txt, name="robots"),
    # The lab's colours (SITE_ACCENT_COLOUR, SITE_HEADER_COLOUR) as a stylesheet.
    path("theme.css", site.theme_css, name="theme-css"),
    # Uploaded files, in development as in production (pubs.web.media).
    path("media/<path:name>", media.serve, name="media"),
    # Whether the database and the page cache answer, for a load balancer (pubs.web.health).
    path("health/", health.health, name="health"),
]
# English at /publications/ (the URL contract), Chinese at /zh-hans/publications/.
urlpatterns += i18n_patterns(path("", include("pubs.urls")), prefix_default_language=False)
