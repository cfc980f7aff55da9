"""Virtual players and spectators for the load benchmark: threads speaking HTTP to the site on 127.0.0.1.

Each :class:`Browser` keeps its own cookies and sends what a browser behind the
site's TLS proxy sends: ``X-Forwarded-Proto: https`` (production settings
redirect plain HTTP) and, with a form, the ``Origin`` and ``Referer`` Django's
CSRF check compares with the host. Forms are read from the page as served (the
CSRF token and the address they post to included) and sent back as a browser
would send them; a page that polls itself (htmx's ``hx-trigger="every …"``) is
polled at the address and with the headers htmx would use. Every request is
timed and recorded as a :class:`Hit`; one that fails or answers with another
status than a browser would see on success is a failed hit.
"""

from __future__ import annotations

import http.client
import random
import re
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from html.parser import HTMLParser
from http.cookies import SimpleCookie
from urllib.parse import urlencode, urlsplit

TIMEOUT_SECONDS = 30


POLL = "live poll"


@dataclass(frozen=True, slots=True)
class Hit:
    kind: str  # what the request was for: "login", "match page", "report", "standings", ...
    at: float  # when it finished, seconds on the monotonic clock
    seconds: float
    ok: bool
    detail: str = ""  # why it failed


@dataclass(slots=True)
class Form:
    """A form of a page: where it posts, its fields as a browser would submit them untouched, and the
    choices it offers."""

    action: str = ""
    submitted: dict[str, list[str]] = field(default_factory=dict)
    choices: dict[str, list[str]] = field(default_factory=dict)  # radio and checkbox values by name

    def fill(self, **values: str | list[str]) -> list[tuple[str, str]]:
        """The submission with ``values`` in place of what the form held."""
        merged = {**self.submitted, **{k: v if isinstance(v, list) else [v] for k, v in values.items()}}
        return [(name, value) for name, items in merged.items() for value in items]


class _FormReader(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.forms: list[Form] = []
        self._select: str | None = None
        self._first_option: str | None = None

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        if tag == "form":
            self.forms.append(Form(action=attributes.get("action") or ""))
        elif tag == "option" and self._select is not None:
            self._option(attributes)
        elif self.forms and "name" in attributes:
            if tag == "input":
                self._input(self.forms[-1], attributes)
            elif tag == "select":
                self._select, self._first_option = attributes["name"], None
            elif tag == "textarea":
                self.forms[-1].submitted[attributes["name"]] = [""]

    def handle_endtag(self, tag):
        if tag == "select" and self._select is not None:
            form = self.forms[-1]
            if self._select not in form.submitted and self._first_option is not None:
                form.submitted[self._select] = [self._first_option]
            self._select = None

    def _option(self, attributes):
        value = attributes.get("value") or ""
        if self._first_option is None:
            self._first_option = value
        if "selected" in attributes:
            self.forms[-1].submitted[self._select] = [value]

    @staticmethod
    def _input(form: Form, attributes):
        name, kind, value = attributes["name"], attributes.get("type", "text"), attributes.get("value") or ""
        if kind in ("radio", "checkbox"):
            form.choices.setdefault(name, []).append(value or "on")
            if "checked" in attributes:
                form.submitted.setdefault(name, []).append(value or "on")
        elif kind not in ("submit", "button", "reset", "file", "image"):
            form.submitted[name] = [value]


def forms_of(page: str) -> list[Form]:
    reader = _FormReader()
    reader.feed(page)
    return reader.forms


@dataclass(frozen=True, slots=True)
class Poller:
    """An element that polls (``hx-get`` with ``hx-trigger="every …"``): what htmx requests, the
    ids it names in its ``HX-Target`` and ``HX-Trigger`` headers, and how often (``every 20s``)."""

    path: str
    target: str
    trigger: str
    seconds: float


class _PollerReader(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.pollers: list[Poller] = []

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        every = re.search(r"every (\d+(?:\.\d+)?)(ms|s|m)\b", attributes.get("hx-trigger") or "")
        if "hx-get" in attributes and every:
            own = attributes.get("id") or ""
            target = (attributes.get("hx-target") or "").removeprefix("#")
            seconds = float(every[1]) * {"ms": 0.001, "s": 1, "m": 60}[every[2]]
            self.pollers.append(Poller(attributes["hx-get"], own if target in ("", "this") else target, own, seconds))


def pollers_of(page: str) -> list[Poller]:
    reader = _PollerReader()
    reader.feed(page)
    return reader.pollers


class Browser:
    """One person's browser: its cookies, and every request it makes recorded in ``hits``."""

    def __init__(self, port: int, hits: list[Hit]) -> None:
        self.port = port
        self.origin = f"https://127.0.0.1:{port}"
        self.hits = hits  # shared by every browser: list.append is atomic
        self.cookies: dict[str, str] = {}

    def get(self, path: str, kind: str) -> str | None:
        """The page's text, or None when the request failed (recorded as a failed hit)."""
        answer = self._request("GET", path, kind, expect=(200,))
        return answer and answer[2]

    def post(self, path: str, fields: list[tuple[str, str]], kind: str) -> bool:
        """Submit a form; success is the redirect a successful form answers with."""
        return self._request("POST", path, kind, expect=(302,), body=urlencode(fields)) is not None

    def htmx(
        self,
        path: str,
        kind: str,
        *,
        page: str,
        target: str,
        trigger: str = "",
        fields: list[tuple[str, str]] | None = None,
        redirected: str = "",
    ) -> str | None:
        """A request as htmx makes it from ``page`` (a GET, or a POST of ``fields``): its ``HX-*``
        headers, and a redirect followed with the same headers as the browser's XHR follows it
        (recorded as a ``redirected`` hit). The text htmx swaps in, or None when a request failed."""
        headers = {"HX-Request": "true", "HX-Current-URL": self.origin + page, "HX-Target": target}
        if trigger:
            headers["HX-Trigger"] = trigger
        body = None if fields is None else urlencode(fields)
        answer = self._request(
            "GET" if body is None else "POST", path, kind, expect=(200, 302), body=body, extra=headers
        )
        if answer is None or answer[0] == 200:
            return answer and answer[2]
        location = urlsplit(answer[1])
        followed = self._request(
            "GET",
            location.path + (f"?{location.query}" if location.query else ""),
            redirected,
            expect=(200,),
            extra=headers,
        )
        return followed and followed[2]

    def _request(
        self,
        method: str,
        path: str,
        kind: str,
        *,
        expect: tuple[int, ...],
        body: str | None = None,
        extra: dict[str, str] | None = None,
    ) -> tuple[int, str, str] | None:
        """(status, Location, text) of an answer with an ``expect``-ed status; None when it failed."""
        headers = {"X-Forwarded-Proto": "https", "Host": f"127.0.0.1:{self.port}", **(extra or {})}
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{name}={value}" for name, value in self.cookies.items())
        if body is not None:
            headers |= {
                "Content-Type": "application/x-www-form-urlencoded",
                "Origin": self.origin,
                "Referer": self.origin + path,
            }
        start = time.monotonic()
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=TIMEOUT_SECONDS)
        try:
            connection.request(method, path, body=body, headers=headers)
            response = connection.getresponse()
            text = response.read().decode()
            for header in response.headers.get_all("Set-Cookie") or ():
                self.cookies |= {name: morsel.value for name, morsel in SimpleCookie(header).items()}
        except (OSError, http.client.HTTPException) as error:
            self._record(kind, start, False, repr(error))
            return None
        finally:
            connection.close()
        if response.status not in expect:
            self._record(kind, start, False, f"HTTP {response.status}")
            return None
        self._record(kind, start, True)
        return response.status, response.headers.get("Location") or "", text

    def _record(self, kind: str, start: float, ok: bool, detail: str = "") -> None:
        end = time.monotonic()
        self.hits.append(Hit(kind, end, end - start, ok, detail))


LOGIN = "/accounts/login/"


def log_in(browser: Browser, username: str, password: str) -> bool:
    """Through the real login form: the page (CSRF cookie and token), then the credentials."""
    page = browser.get(LOGIN, "login page")
    form = next((form for form in forms_of(page or "") if "password" in form.submitted), None)
    return form is not None and browser.post(LOGIN, form.fill(username=username, password=password), "login")


def report_result(browser: Browser, path: str, winner: int, *, think: float) -> bool:
    """Open the match page, take ``think`` seconds over the result form, send it, follow the redirect.

    The result: ``winner`` won and the loser lost its first ship, as both players
    tick it on the same form, so the second report confirms the first.
    """
    page = browser.get(path, "match page")
    form = next((form for form in forms_of(page or "") if "winner" in form.choices), None)
    if form is None:
        return False
    loser = f"lost_{3 - winner}"
    time.sleep(think)
    if not browser.post(path, form.fill(winner=str(winner), **{loser: form.choices[loser][:1]}), "report"):
        return False
    browser.get(path, "match page")
    return True


def watch(browser: Browser, path: str, *, until: float, pause: Callable[[], float]) -> None:
    """Refresh ``path`` until the monotonic clock reads ``until``, ``pause()`` seconds apart."""
    time.sleep(pause())
    while time.monotonic() < until:
        browser.get(path, "standings")
        time.sleep(max(0.0, min(pause(), until - time.monotonic())))


# How long before the measured window the driver starts its threads. Starting hundreds of threads
# takes the driver a few seconds on two busy cores: a window opened at once had the polls falling due
# meanwhile go out late and together, a burst of two to three times the rate that no room of phones
# makes, and its queue was the live page's whole p95 (the polls sent 4-7 s in were 186 of the 190
# slower than 400 ms). Each job sleeps until its first moment, so the window starts with every phone
# ready.
THREADS_LEAD_SECONDS = 5.0


def run_threads(jobs: list[Callable[[], object]]) -> list[object]:
    """Run every job in a thread of its own, all at once; returns their results in order."""
    results: list[object] = [None] * len(jobs)

    def work(index: int) -> None:
        results[index] = jobs[index]()

    threads = [threading.Thread(target=work, args=(i,)) for i in range(len(jobs))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return results


def spread(rng: random.Random, low: float, high: float) -> Callable[[], float]:
    return lambda: rng.uniform(low, high)


def polling(phone: Browser, pollers: list[Poller], page: str, *, rng: random.Random, start: float, until: float):
    """What htmx does on a phone that opened ``page``: from a random moment of the first interval (phones
    open the page at different times), request the poller's address every interval until ``until``.
    The schedule is fixed: a slow answer does not delay the next poll, so the load does not ease off
    when the site slows down. A job for :func:`run_threads`."""
    first = start + rng.uniform(0, pollers[0].seconds) if pollers else start

    def poll() -> None:
        if not pollers:
            phone.hits.append(Hit(POLL, time.monotonic(), 0.0, False, "the live page has no element that polls"))
            return
        poller = pollers[0]
        at = first
        while at < until:
            time.sleep(max(0.0, at - time.monotonic()))
            phone.htmx(poller.path, POLL, page=page, target=poller.target, trigger=poller.trigger)
            at += poller.seconds

    return poll
