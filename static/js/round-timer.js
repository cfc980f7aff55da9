// The round clock for the venue's screen. The page carries the round's start time,
// its length and the server's time (so a wrongly set screen clock does not matter);
// every 15 seconds it asks the server again, so starting, restarting or stopping the
// clock from the round page shows up without touching the screen. Once every result of the
// round is in, the screen says the round is finished, whatever its clock.
(function () {
  "use strict";
  const POLL_MS = 15000;
  const root = document.getElementById("round-timer");
  if (!root) {
    return;
  }
  const display = document.getElementById("round-timer-clock");
  const state = { started: null, minutes: 0, offset: 0, finished: false };

  function read(started, minutes, serverNow, finished) {
    state.finished = finished === true || finished === "true";
    state.started = started ? Date.parse(started) : null;
    state.minutes = Number(minutes) || 0;
    state.offset = serverNow ? Date.parse(serverNow) - Date.now() : 0;
  }

  function pad(number) {
    return number < 10 ? "0" + number : String(number);
  }

  function render() {
    if (state.finished) {
      display.textContent = "Round finished";
      root.classList.remove("round-timer-over");
      return;
    }
    if (state.started === null) {
      display.textContent = "Not started";
      root.classList.remove("round-timer-over");
      return;
    }
    const ends = state.started + state.minutes * 60000;
    const left = Math.ceil((ends - (Date.now() + state.offset)) / 1000);
    if (left <= 0) {
      display.textContent = "Time!";
      root.classList.add("round-timer-over");
      return;
    }
    root.classList.remove("round-timer-over");
    const hours = Math.floor(left / 3600);
    const minutes = Math.floor((left % 3600) / 60);
    const seconds = left % 60;
    display.textContent = (hours ? hours + ":" + pad(minutes) : String(minutes)) + ":" + pad(seconds);
  }

  function poll() {
    fetch(root.dataset.stateUrl, { headers: { Accept: "application/json" }, cache: "no-store" })
      .then(function (response) {
        return response.ok ? response.json() : null;
      })
      .then(function (data) {
        if (data) {
          read(data.started, data.minutes, data.now, data.finished);
          render();
        }
      })
      .catch(function () {
        // The venue's network dropped for a moment: keep counting, ask again later.
      });
  }

  read(root.dataset.started, root.dataset.minutes, root.dataset.now, root.dataset.finished);
  render();
  setInterval(render, 250);
  if (root.dataset.stateUrl) {
    setInterval(poll, POLL_MS);
  }
})();
