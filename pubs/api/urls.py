"""/api/v1/: the read API (pubs.api.views), its OpenAPI schema and the schema's page."""

from django.urls import path
from drf_spectacular.renderers import OpenApiJsonRenderer
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView

from pubs.api import embeds, views
from pubs.api.http import api_view, embed_view
from pubs.api.queries import ListQuery, PaperListQuery, VenueListQuery
from pubs.web.query import NoQuery

app_name = "api"

urlpatterns = [
    path("papers/", api_view(PaperListQuery)(views.PaperList.as_view()), name="paper-list"),
    path(
        "papers/<slug:slug>/", api_view(NoQuery)(views.PaperDetail.as_view()), name="paper-detail"
    ),
    path("people/", api_view(ListQuery)(views.PersonList.as_view()), name="person-list"),
    path(
        "people/<slug:slug>/", api_view(NoQuery)(views.PersonDetail.as_view()), name="person-detail"
    ),
    path("groups/", api_view(ListQuery)(views.GroupList.as_view()), name="group-list"),
    path(
        "groups/<slug:slug>/", api_view(NoQuery)(views.GroupDetail.as_view()), name="group-detail"
    ),
    path("venues/", api_view(VenueListQuery)(views.VenueList.as_view()), name="venue-list"),
    path(
        "venues/<slug:slug>/", api_view(NoQuery)(views.VenueDetail.as_view()), name="venue-detail"
    ),
    # A person's or a group's list for other sites: an <iframe>'s page, which the <script>
    # form (static/js/embed.js) fetches too.
    path(
        "embed/people/<slug:slug>/",
        embed_view(embeds.EmbedQuery)(embeds.person_list),
        name="person-embed",
    ),
    path(
        "embed/groups/<slug:slug>/",
        embed_view(embeds.EmbedQuery)(embeds.group_list),
        name="group-embed",
    ),
    path(
        "schema/",
        api_view(NoQuery)(SpectacularAPIView.as_view(renderer_classes=[OpenApiJsonRenderer])),
        name="schema",
    ),
    # Swagger UI from the site's static files, its settings in a script file of its own
    # (?script): the public pages' Content-Security-Policy holds (pubs.web.security).
    path(
        "docs/",
        SpectacularSwaggerSplitView.as_view(url_name="api:schema", template_name="api/docs.html"),
        name="docs",
    ),
]
