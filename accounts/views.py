from django.conf import settings
from django.contrib.auth import login
from django.contrib.auth import views as auth_views
from django.shortcuts import redirect, render
from django.urls import reverse_lazy
from django.views.decorators.http import require_http_methods

from .forms import LoginForm, PasswordResetForm, SignUpForm, ThrottledPasswordChangeForm
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


class PasswordChangeView(auth_views.PasswordChangeView):
    """Django's, with the current password throttled; a locked-out attempt gets 429, as log-in does."""

    form_class = ThrottledPasswordChangeForm
    success_url = reverse_lazy("password_change_done")

    def form_invalid(self, form):
        response = super().form_invalid(form)
        if form.has_error("old_password", "locked"):
            response.status_code = settings.AXES_HTTP_RESPONSE_CODE
        return response


login_view = auth_views.LoginView.as_view(authentication_form=LoginForm)
password_reset = auth_views.PasswordResetView.as_view(form_class=PasswordResetForm)
password_change = PasswordChangeView.as_view()
