from django.contrib import admin
from django.urls import include, path

from fleets.views import public_check, public_check_sheet

from . import views
from .api import api

urlpatterns = [
    path("", views.home, name="home"),
    path("favicon.ico", views.favicon, name="favicon"),
    path("healthz", views.healthz, name="healthz"),
    path("accounts/", include("accounts.urls")),
    path("check/", public_check, name="check"),
    path("check/sheet.pdf", public_check_sheet, name="check_sheet"),
    path("fleets/", include("fleets.urls")),
    path("events/", include("tournaments.urls")),
    path("stores/", include("stores.urls")),
    path("seasons/", include("seasons.urls")),
    path("api/", api.urls),
    path("admin/", admin.site.urls),
]
