// The round page's desk: each table's result is entered from its slip in the table's own form;
// htmx posts it and swaps that table's rows and the count of missing results in place. Then the
// keyboard goes on to the next table still waiting for a result, or back to the form the server
// refused (kept as it was ticked), at its first field in error.
document.addEventListener("htmx:afterSettle", function (event) {
  const target = event.detail.target;
  if (target.id !== "round-desk" && !target.classList.contains("desk-match")) {
    return; // the points beside a form were refreshed: the keyboard stays where it is
  }
  const refused = document.querySelector("#round-desk form.desk-refused");
  if (refused) {
    const field = refused.querySelector(".is-invalid, input:not([type=hidden])");
    (field || refused).focus();
    return;
  }
  const next = document.querySelector("#round-desk details.result-entry summary");
  if (next && !document.activeElement.closest("#round-desk form")) {
    next.focus();
  }
});

// Enter on a tick box or a winner's button saves the table, as it does in a text field.
const TICKS = "#round-desk form input[type=checkbox], #round-desk form input[type=radio]";
document.addEventListener("keydown", function (event) {
  const field = event.target;
  if (event.key !== "Enter" || !field.matches || !field.matches(TICKS)) {
    return;
  }
  event.preventDefault();
  field.form.requestSubmit();
});

// A table whose form is open from the start (a dispute, a refused entry) shows its points at once,
// as opening a form does.
htmx.onLoad(function (root) {
  root.querySelectorAll("details.result-entry[open]").forEach(function (details) {
    details.dispatchEvent(new Event("toggle"));
  });
});
