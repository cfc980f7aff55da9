// The fleet builder: htmx does the work (see the hx-* attributes). This file only
// 1. marks that scripts run, so buttons needed without JavaScript can hide (.js .nojs-only);
// 2. makes a ship's "+ Crew (1 free)" buttons set that ship's search to the slot and the ship's faction, so typing
//    goes on searching there;
// 3. keeps each ship's chosen card type (and faction) across a change, which swaps the whole builder;
// 4. keeps a keyboard user's place: after adding a ship, the focus goes to its slot buttons; after another change,
//    to the card search of the ship that was changed (or to "Add a ship").
document.documentElement.classList.add("js");

let changedShip = null;
let offeredShip = null;
let addedShip = false;
let searches = {};

function shipSearch(number) {
  return {
    slot: document.getElementById("slot-" + number),
    faction: document.getElementById("faction-ship-" + number),
  };
}

document.addEventListener("click", function (event) {
  const offer = event.target.closest(".slot-offer");
  if (!offer) {
    return;
  }
  const search = shipSearch(offer.dataset.ship);
  if (search.slot && search.slot.querySelector('option[value="' + offer.dataset.slot + '"]')) {
    search.slot.value = offer.dataset.slot;
  }
  if (search.faction) {
    search.faction.value = offer.dataset.faction || "";
  }
});

document.addEventListener("change", function (event) {
  const select = event.target.closest("select[id^=slot-]");
  if (select) {
    const search = shipSearch(select.id.slice("slot-".length));
    if (search.faction) {
      search.faction.value = ""; // a type chosen by hand searches every faction, the fleet's first
    }
  }
});

document.addEventListener("htmx:beforeRequest", function (event) {
  const offer = event.detail.elt.closest(".slot-offer");
  if (offer) {
    offeredShip = offer.dataset.ship;
    return;
  }
  const form = event.detail.elt.closest("form");
  if (!form || form.method !== "post") {
    return;
  }
  const ship = form.querySelector("input[name=ship]");
  changedShip = ship ? Number(ship.value) + 1 : null;
  addedShip = form.action.includes("/edit/add-ship/");
  searches = {};
  document.querySelectorAll("select[id^=slot-]").forEach(function (select) {
    const number = select.id.slice("slot-".length);
    searches[number] = { slot: select.value, faction: (shipSearch(number).faction || {}).value || "" };
  });
});

document.addEventListener("htmx:afterSettle", function (event) {
  if (event.target.id && event.target.id.startsWith("results-ship-")) {
    const input = offeredShip && document.getElementById("q-ship-" + offeredShip);
    offeredShip = null;
    if (input) {
      input.focus(); // the slot's cards are listed: type to narrow them
    }
    return;
  }
  Object.keys(searches).forEach(function (number) {
    const search = shipSearch(number);
    if (search.slot && search.slot.querySelector('option[value="' + searches[number].slot + '"]')) {
      search.slot.value = searches[number].slot;
    }
    if (search.faction) {
      search.faction.value = searches[number].faction;
    }
  });
  searches = {};
  if (document.activeElement && document.activeElement !== document.body) {
    return;
  }
  let place = null;
  if (addedShip) {
    const bars = document.querySelectorAll(".slot-offers");
    place = bars.length ? bars[bars.length - 1] : null;
  }
  place = place || (changedShip && document.getElementById("q-ship-" + changedShip)) || document.getElementById("q-fleet");
  addedShip = false;
  if (place) {
    place.focus();
  }
});
