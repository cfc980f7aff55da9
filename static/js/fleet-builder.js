// The fleet builder: htmx does the work (see the hx-* attributes). This file only
// 1. marks that scripts run, so buttons needed without JavaScript can hide (.js .nojs-only);
// 2. keeps a keyboard user's place: a change swaps the whole builder, which drops the focus,
//    so it returns to the card search of the ship that was changed (or to "Add a ship").
document.documentElement.classList.add("js");

let changedShip = null;

document.addEventListener("htmx:beforeRequest", function (event) {
  const form = event.detail.elt.closest("form");
  if (!form || form.method !== "post") {
    return;
  }
  const ship = form.querySelector("input[name=ship]");
  changedShip = ship ? Number(ship.value) + 1 : null;
});

document.addEventListener("htmx:afterSettle", function () {
  if (document.activeElement && document.activeElement !== document.body) {
    return;
  }
  const place = (changedShip && document.getElementById("q-ship-" + changedShip)) || document.getElementById("q-fleet");
  if (place) {
    place.focus();
  }
});
