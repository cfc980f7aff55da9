// Muster's only script: send the CSRF token with every htmx request.
document.addEventListener("htmx:configRequest", function (event) {
  event.detail.headers["X-CSRFToken"] = document.body.dataset.csrfToken;
});
