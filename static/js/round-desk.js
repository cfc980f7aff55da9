// The round page's desk: each table's result is entered from its slip in the table's own form;
// htmx posts it and swaps the desk (the count of missing results and the tables) for the fresh
// one. Then the keyboard goes on to the next table still waiting for a result.
document.addEventListener("htmx:afterSettle", function () {
  var next = document.querySelector("#round-desk details.result-entry summary");
  if (next && !document.activeElement.closest("#round-desk form")) {
    next.focus();
  }
});
