from django.urls import path

from pubs.web import exports, feeds, site_files, views

app_name = "pubs"

urlpatterns = [
    path("", views.home, name="home"),
    path("publications/", views.paper_list, name="paper-list"),
    path("publications/export.<str:fmt>", exports.all_papers, name="export"),
    path("publications/<slug:slug>/export.<str:fmt>", exports.paper, name="paper-export"),
    path("people/<slug:slug>/export.<str:fmt>", exports.person, name="person-export"),
    path("people/<slug:slug>/cv.<str:style>", exports.person_cv, name="person-cv"),
    path("groups/<slug:slug>/export.<str:fmt>", exports.group, name="group-export"),
    path("groups/<slug:slug>/cv.<str:style>", exports.group_cv, name="group-cv"),
    path("venues/<slug:slug>/export.<str:fmt>", exports.venue, name="venue-export"),
    *site_files.urlpatterns,
    path("publications/<slug:slug>/", views.paper_detail, name="paper-detail"),
    path("people/", views.person_list, name="person-list"),
    path("people/<slug:slug>/", views.person_detail, name="person-detail"),
    path("groups/<slug:slug>/", views.group_detail, name="group-detail"),
    path("venues/", views.venue_list, name="venue-list"),
    path("venues/<slug:slug>/", views.venue_detail, name="venue-detail"),
    path("feeds/publications/", feeds.NewPublicationsFeed(), name="feed"),
    path("people/<slug:slug>/feed/", feeds.PersonFeed(), name="person-feed"),
    path("groups/<slug:slug>/feed/", feeds.GroupFeed(), name="group-feed"),
]
