"""One answer to "did this user get through?", shared by the view-permission tests."""

from django.test import Client


def got_through(user, method: str, path: str) -> bool:
    """Any answer but a refusal (403, 404, or the log-in page for anonymous) counts as getting through."""
    client = Client()
    if user.is_authenticated:
        client.force_login(user)
    response = getattr(client, method)(path)
    if response.status_code in (403, 404):
        return False
    if response.status_code == 302 and "/accounts/login/" in response.url:
        return False
    assert response.status_code in (200, 302), f"{user} {method} {path}: {response.status_code}"
    return True
