"""Campaign pages, mounted under ``/events/campaigns/`` (names ``tournaments:campaigns:...``)."""

from django.urls import path

from . import views

app_name = "campaigns"
urlpatterns = [
    path("", views.campaign_list, name="list"),
    path("new/", views.campaign_create, name="create"),
    path("<int:pk>/", views.campaign_detail, name="detail"),
    path("<int:pk>/players/add/", views.add_player, name="add_player"),
    path("<int:pk>/players/<int:player_pk>/purchase/", views.purchase, name="purchase"),
    path("<int:pk>/players/<int:player_pk>/repair/", views.repair, name="repair"),
    path("<int:pk>/players/<int:player_pk>/transfer/", views.transfer, name="transfer"),
    path("<int:pk>/battle/", views.battle, name="battle"),
    path("<int:pk>/entries/<int:sequence>/void/", views.void_entry, name="void"),
]
