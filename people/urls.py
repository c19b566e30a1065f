from django.urls import path

from people import views

app_name = "people"

urlpatterns = [
    path("people/", views.person_list, name="person-list"),
    path("people/<slug:slug>/", views.person_detail, name="person-detail"),
    path("groups/<slug:slug>/", views.group_detail, name="group-detail"),
]
