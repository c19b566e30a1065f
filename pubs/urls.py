from django.urls import path

from pubs import feeds, views

app_name = "pubs"

urlpatterns = [
    path("", views.home, name="home"),
    path("publications/", views.paper_list, name="paper-list"),
    path("publications/<slug:slug>/", views.paper_detail, name="paper-detail"),
    path("people/", views.person_list, name="person-list"),
    path("people/<slug:slug>/", views.person_detail, name="person-detail"),
    path("groups/<slug:slug>/", views.group_detail, name="group-detail"),
    path("venues/", views.venue_list, name="venue-list"),
    path("venues/<slug:slug>/", views.venue_detail, name="venue-detail"),
    path("feeds/publications/", feeds.NewPublicationsFeed(), name="feed"),
]
