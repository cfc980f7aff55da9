// The projector view scrolls through a long list of players by itself: down slowly, a pause at the
// bottom, back to the top, a pause, again. A list that fits the screen stays still. Whoever asks
// their system for less motion gets a page turn every few seconds instead of a glide.
(function () {
  "use strict";
  const STEP_MS = 40;
  const PAUSE_MS = 4000;
  const PAGE_MS = 8000;
  const still = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  const root = document.scrollingElement || document.documentElement;

  function bottom() {
    return root.scrollTop + window.innerHeight >= root.scrollHeight - 2;
  }

  function tick() {
    if (root.scrollHeight <= window.innerHeight) {
      window.setTimeout(tick, PAUSE_MS);
      return;
    }
    if (bottom()) {
      window.setTimeout(function () {
        window.scrollTo(0, 0);
        window.setTimeout(tick, PAUSE_MS);
      }, PAUSE_MS);
      return;
    }
    if (still) {
      window.scrollBy(0, Math.max(1, window.innerHeight - 80));
      window.setTimeout(tick, PAGE_MS);
    } else {
      window.scrollBy(0, 1);
      window.setTimeout(tick, STEP_MS);
    }
  }

  if (document.getElementById("projector")) {
    window.setTimeout(tick, PAUSE_MS);
  }
})();
