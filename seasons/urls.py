from django.urls import path

from . import views

app_name = "seasons"
urlpatterns = [
    path("", views.season_list, name="list"),
    path("new/", views.season_create, name="create"),
    path("<int:pk>/", views.season_detail, name="detail"),
    path("<int:pk>/edit/", views.season_edit, name="edit"),
    path("<int:pk>/standings.csv", views.season_csv, name="csv"),
    path("<int:pk>/standings.json", views.season_json, name="json"),
    path("<int:pk>/standings.pdf", views.season_pdf, name="pdf"),
    path("players/", views.player_list, name="players"),
    path("players/<int:player_pk>/", views.player_record, name="player"),
    path("players/me/visibility/", views.record_setting, name="record_setting"),
    path("meta/", views.meta, name="meta"),
]
