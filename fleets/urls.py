from django.urls import include, path

from . import views

app_name = "fleets"
urlpatterns = [
    path("decks/", include("fleets.decks.urls")),
    path("", views.fleet_list, name="list"),
    path("cards/", views.card_finder, name="cards"),
    path("cards/<str:card_id>/", views.card_detail, name="card"),
    path("collection/", views.collection, name="collection"),
    path("collection.txt", views.collection_export, name="collection_export"),
    path("new/", views.fleet_create, name="create"),
    path("import/", views.fleet_import, name="import"),
    path("<int:pk>/", views.fleet_builder, name="detail"),
    path("<int:pk>/edit/details/", views.fleet_edit_details, name="edit_details"),
    path("<int:pk>/edit/<slug:action>/", views.fleet_edit, name="edit"),
    path("<int:pk>/save/", views.fleet_save, name="save"),
    path("<int:pk>/discard/", views.fleet_discard, name="discard"),
    path("<int:pk>/undo/", views.fleet_undo, name="undo"),
    path("<int:pk>/share/", views.fleet_share, name="share"),
    path("<int:pk>/unshare/", views.fleet_unshare, name="unshare"),
    path("shared/<slug:token>/", views.shared_fleet, name="shared"),
    path("<int:pk>/search/", views.fleet_card_search, name="search"),
    path("<int:pk>/rename/", views.fleet_rename, name="rename"),
    path("<int:pk>/duplicate/", views.fleet_duplicate, name="duplicate"),
    path("<int:pk>/delete/", views.fleet_delete, name="delete"),
    path("<int:pk>/history/", views.fleet_history, name="history"),
    path("<int:pk>/sheet.pdf", views.fleet_sheet, name="sheet"),
    path("<int:pk>/export.json", views.fleet_export_json, name="export_json"),
    path("<int:pk>/export.txt", views.fleet_export_text, name="export_text"),
    path("<int:pk>/utopia-link.txt", views.fleet_export_utopia_link, name="export_utopia_link"),
    path("<int:pk>/utopia.txt", views.fleet_export_utopia_text, name="export_utopia_text"),
    path("verify/", views.fleet_verify_code, name="verify_code"),
    path("verify/<int:version_id>/<str:code>/", views.fleet_verify, name="verify"),
    path("api-tokens/", views.api_tokens, name="api_tokens"),
    path("api-tokens/<int:pk>/revoke/", views.api_token_revoke, name="api_token_revoke"),
]
