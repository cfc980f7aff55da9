// On every page (base.html): send the CSRF token with every htmx request. Each page's own
// behaviour is in its own script beside this one (fleet-builder.js, round-desk.js, ...).
document.addEventListener("htmx:configRequest", function (event) {
  event.detail.headers["X-CSRFToken"] = document.body.dataset.csrfToken;
});
