from django.contrib import admin
from django.urls import include, path

from . import views
from .api import api

urlpatterns = [
    path("", views.home, name="home"),
    path("accounts/", include("accounts.urls")),
    path("fleets/", include("fleets.urls")),
    path("events/", include("tournaments.urls")),
    path("api/", api.urls),
    path("admin/", admin.site.urls),
]
