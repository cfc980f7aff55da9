from django.urls import include, path

from . import views

urlpatterns = [
    path("sign-up/", views.sign_up, name="sign_up"),
    path("people/", views.people, name="people"),
    path("printouts/", views.printouts, name="printouts"),
    path("notices/", views.notices, name="notices"),
    path("language/", views.language, name="language"),
    path("notices/off/<str:token>/", views.notices_off, name="notices_off"),
    path("people/<int:pk>/roles/", views.people_role, name="people_role"),
    # Django's own views with the forms of this app (text checks, throttled password change).
    path("login/", views.login_view, name="login"),
    path("password_change/", views.password_change, name="password_change"),
    path("password_reset/", views.password_reset, name="password_reset"),
    path("", include("django.contrib.auth.urls")),
]
