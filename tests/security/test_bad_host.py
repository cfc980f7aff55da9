"""A request refused before the authentication middleware ran (a bad Host header) gets its 400, not a 500.

Issue 24, item 5: the menu's context processors read ``request.user``, which only the
authentication middleware sets; Django refuses a bad Host header earlier, in the common
middleware, and its 400 page then failed to render.
"""

from __future__ import annotations

import pytest
from django.template.loader import render_to_string
from django.test import Client, RequestFactory


@pytest.mark.django_db
@pytest.mark.parametrize("host", ["evil.example", "localhost:notaport", "a b", "[::1"])
def test_a_bad_host_header_gets_400(host):
    response = Client(raise_request_exception=False).get("/", HTTP_HOST=host)
    assert response.status_code == 400
    assert "That request didn't make sense" in response.content.decode()


@pytest.mark.django_db
@pytest.mark.parametrize("page", ["400.html", "403.html", "404.html", "500.html"])
def test_error_pages_render_without_a_user(page):
    request = RequestFactory().get("/")
    assert not hasattr(request, "user")
    assert "</html>" in render_to_string(page, request=request)
