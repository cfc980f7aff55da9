"""Deck pages, mounted under ``/fleets/decks/`` (names ``fleets:decks:...``)."""

from django.urls import path

from . import views

app_name = "decks"
urlpatterns = [
    path("", views.deck_list, name="list"),
    path("new/<slug:game>/", views.deck_create, name="create"),
    path("import/", views.deck_import, name="import"),
    path("catalog/import/", views.catalog_import, name="catalog_import"),
    path("catalog/", views.catalog_index, name="catalog"),
    path("catalog/<slug:game>/", views.catalog_list, name="catalog_list"),
    path("catalog/<slug:game>/add/", views.catalog_add, name="catalog_add"),
    path("catalog/<slug:game>/<int:pk>/", views.catalog_edit, name="catalog_edit"),
    path("catalog/<slug:game>/<int:pk>/retire/", views.catalog_retire, name="catalog_retire"),
    path("catalog/<slug:game>/csv/", views.catalog_csv, name="catalog_csv"),
    path("catalog/<slug:game>/export.csv", views.catalog_export, name="catalog_export"),
    path("catalog/<slug:game>/template.csv", views.catalog_template, name="catalog_template"),
    path("<int:pk>/", views.deck_builder, name="builder"),
    path("<int:pk>/add/", views.deck_add, name="add"),
    path("<int:pk>/line/", views.deck_line, name="line"),
    path("<int:pk>/details/", views.deck_details, name="details"),
    path("<int:pk>/delete/", views.deck_delete, name="delete"),
    path("<int:pk>/export.json", views.deck_export, {"fmt": "json"}, name="export_json"),
    path("<int:pk>/export.txt", views.deck_export, {"fmt": "txt"}, name="export_text"),
    path("<int:pk>/sheet.pdf", views.deck_sheet, name="sheet"),
]
