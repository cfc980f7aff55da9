// The card finder's "Show more": the link replaces itself with the next page of results, which drops the
// focus; it goes to the first card added, so a keyboard or screen-reader user reads on from there.
let moreOf = null;

document.addEventListener("htmx:beforeRequest", function (event) {
  const more = event.detail.elt.closest(".search-more-link");
  moreOf = more ? { list: more.closest(".search-results"), shown: 0 } : null;
  if (moreOf) {
    moreOf.shown = moreOf.list.querySelectorAll(".search-row").length;
  }
});

document.addEventListener("htmx:afterSwap", function () {
  if (!moreOf) {
    return;
  }
  const first = moreOf.list.querySelectorAll(".search-row")[moreOf.shown];
  moreOf = null;
  if (first) {
    first.querySelector("a").focus();
  }
});
