from django.urls import path

from . import views

app_name = "stores"
urlpatterns = [
    path("", views.store_list, name="list"),
    path("new/", views.store_create, name="create"),
    path("<int:pk>/", views.store_detail, name="detail"),
    path("<int:pk>/edit/", views.store_edit, name="edit"),
    path("<int:pk>/people/", views.store_appoint, name="appoint"),
    path("<int:pk>/people/<int:role_pk>/end/", views.store_end_role, name="end_role"),
]
