from django.contrib.auth import login
from django.contrib.auth import views as auth_views
from django.shortcuts import redirect, render
from django.views.decorators.http import require_http_methods

from .forms import LoginForm, PasswordResetForm, SignUpForm
from .services import user_sign_up


@require_http_methods(["GET", "POST"])
def sign_up(request):
    """Open to everyone; a signed-in user has no use for it and goes home."""
    if request.user.is_authenticated:
        return redirect("home")
    form = SignUpForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = user_sign_up(
            username=form.cleaned_data["username"],
            email=form.cleaned_data["email"],
            password=form.cleaned_data["password1"],
        )
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        return redirect("home")
    return render(request, "registration/sign_up.html", {"form": form})


login_view = auth_views.LoginView.as_view(authentication_form=LoginForm)
password_reset = auth_views.PasswordResetView.as_view(form_class=PasswordResetForm)
