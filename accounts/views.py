from urllib.parse import urlencode

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.contrib.auth.models import User
from django.http import Http404, HttpResponseBadRequest
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse, reverse_lazy
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from . import languages, selectors, services
from .forms import (
    LoginForm,
    NoticePreferencesForm,
    PasswordResetForm,
    PeopleSearchForm,
    PrintPreferencesForm,
    RoleForm,
    SignUpForm,
    ThrottledPasswordChangeForm,
)
from .notices import user_of_notices_off_token
from .permissions import site_admin_required
from .roles import GRANTABLE_ROLES, ORGANIZER, role_label


@require_http_methods(["GET", "POST"])
def sign_up(request):
    """Open to everyone; a signed-in user has no use for it and goes home.

    A valid form always gets the same answer (a page saying a mail is on its way), whether
    the name and the address are new or in use: the mail says which (see ``services``).
    """
    if request.user.is_authenticated:
        return redirect("home")
    token = request.POST.get("link") or request.GET.get("link")
    if token:
        return sign_up_confirm(request, token)
    form = SignUpForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        services.sign_up_request(
            username=form.cleaned_data["username"],
            email=form.cleaned_data["email"],
            password=form.cleaned_data["password1"],
            site_url=request.build_absolute_uri("/").rstrip("/"),
        )
        return render(
            request,
            "registration/sign_up_sent.html",
            {"username": form.cleaned_data["username"], "email": form.cleaned_data["email"]},
        )
    return render(request, "registration/sign_up.html", {"form": form})


def sign_up_confirm(request, token: str):
    """The link of the sign-up mail (``?link=TOKEN``): a button makes the account and logs in
    (a GET changes nothing, so a mail scanner that follows links makes no account)."""
    pending = services.pending_sign_up(token)
    if request.method == "POST" and pending is not None:
        try:
            user = services.sign_up_confirm(token=token)
        except services.AccountError as error:
            return render(request, "registration/sign_up_confirm.html", {"error": str(error)}, status=409)
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        messages.success(request, _("Welcome, %(name)s: your account is ready.") % {"name": user.username})
        return redirect("home")
    if pending is None:
        return render(
            request,
            "registration/sign_up_confirm.html",
            {"error": _("This sign-up link was already used or is too old. Sign up again.")},
            status=404,
        )
    # Only the mailbox the link went to reaches this page, so it may say which walk-in it claims.
    walk_in = selectors.unclaimed_walk_in(pending.email)
    context = {"pending": pending, "token": token, "walk_in": walk_in}
    return render(request, "registration/sign_up_confirm.html", context)


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


@require_safe
@site_admin_required
def people(request):
    """Site administrators: find people and give or take the Organizer and Judge roles."""
    form = PeopleSearchForm(request.GET or None)
    query = form.cleaned_data["q"].strip() if form.is_valid() else ""
    context = {
        "form": form,
        "query": query,
        "people": selectors.find_people(query),
        "roles": [(role, role_label(role)) for role in GRANTABLE_ROLES],
        "page_size": selectors.PEOPLE_PAGE_SIZE,
    }
    return render(request, "registration/people.html", context)


@require_POST
@site_admin_required
def people_role(request, pk: int):
    person = get_object_or_404(User, pk=pk)
    form = RoleForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Choose a role to give or take."))
    else:
        role, granted = form.cleaned_data["role"], form.cleaned_data["granted"]
        try:
            services.role_set(user=person, role=role, granted=granted, by=request.user)
        except services.AccountError as error:
            messages.error(request, str(error))
        else:
            messages.success(request, _role_done(person.get_username(), role, granted))
    query = request.POST.get("q", "")
    return redirect(f"{reverse('people')}?{urlencode({'q': query})}" if query else reverse("people"))


def _role_done(username: str, role: str, granted: bool) -> str:
    """What the People page says once ``role`` was given (``granted``) to, or taken from, ``username``."""
    if role == ORGANIZER:
        done = _("%(name)s is now an Organizer.") if granted else _("%(name)s is no longer an Organizer.")
        return done % {"name": username}
    done = _("%(name)s is now a %(role)s.") if granted else _("%(name)s is no longer a %(role)s.")
    return done % {"name": username, "role": role_label(role)}


@require_http_methods(["GET", "POST"])
@login_required
def printouts(request):
    """Anyone signed in sets, for themselves only, the name their printouts carry and whether
    their sheets print their e-mail (never by default)."""
    current = selectors.print_preferences(request.user)
    form = PrintPreferencesForm(request.POST or None, initial=current)
    if request.method == "POST" and form.is_valid():
        services.print_preferences_set(user=request.user, **form.cleaned_data)
        messages.success(request, _("Your printout settings are saved."))
        return redirect("printouts")
    return render(request, "registration/printouts.html", {"form": form}, status=400 if form.errors else 200)


@require_http_methods(["GET", "POST"])
@login_required
def notices(request):
    """Anyone signed in chooses, for themselves only, which notices the site mails them."""
    form = NoticePreferencesForm(request.POST or None, initial=selectors.notice_preferences(request.user))
    if request.method == "POST" and form.is_valid():
        services.notice_preferences_set(user=request.user, **form.cleaned_data)
        messages.success(request, _("Your notice settings are saved."))
        return redirect("notices")
    return render(request, "registration/notices.html", {"form": form})


@require_http_methods(["GET", "POST"])
def notices_off(request, token: str):
    """The link in every notice: without logging in, its account's notices are turned off (a GET asks
    first, so a mail scanner following links turns nothing off). A token the site did not sign: 404."""
    user = user_of_notices_off_token(token)
    if user is None:
        raise Http404(_("This link is not valid."))
    if request.method == "POST":
        services.notice_preferences_set(user=user, pairings=False, disputes=False)
    return render(request, "registration/notices_off.html", {"done": request.method == "POST"})


@require_POST
def language(request):
    """The language menu, for everyone: the choice goes in a cookie, and into the account when signed in.

    An unknown language changes nothing and answers 400; the reader returns to the page they were on (the
    form's ``next``, else the page that sent it), on this site only. The menu names no page itself, so every
    page's menu is the same and a page says nothing of its address.
    """
    chosen = request.POST.get("language", "")
    if chosen not in languages.LANGUAGE_CODES:
        return HttpResponseBadRequest(_("Muster has no such language."))
    if request.user.is_authenticated:
        services.language_choose(user=request.user, language=chosen)
        languages.remember_language(request, chosen)
    following = request.POST.get("next") or request.headers.get("referer", "")
    here = {request.get_host()}
    if not url_has_allowed_host_and_scheme(following, allowed_hosts=here, require_https=request.is_secure()):
        following = reverse("home")
    response = redirect(following)
    response.set_cookie(
        settings.LANGUAGE_COOKIE_NAME,
        chosen,
        max_age=settings.LANGUAGE_COOKIE_AGE,
        path=settings.LANGUAGE_COOKIE_PATH,
        samesite=settings.LANGUAGE_COOKIE_SAMESITE,
        secure=settings.LANGUAGE_COOKIE_SECURE,
        httponly=settings.LANGUAGE_COOKIE_HTTPONLY,
    )
    return response
