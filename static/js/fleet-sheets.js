// Every Fleet Build Sheet of an event in one PDF, with a progress bar. The button asks the
// server for a job (tournaments/views/sheets_bundle.py), which the background worker does;
// this script asks how far it is twice a second and, once the PDF is ready, offers it to save.
// Without this script the button still works: it opens the job's page, which reloads itself.
(function () {
  "use strict";
  const form = document.getElementById("fleet-sheets-form");
  if (!form || !window.fetch) {
    return;
  }
  const button = form.querySelector("button");
  const status = document.getElementById("fleet-sheets-status");
  const bar = document.getElementById("fleet-sheets-progress");
  const message = document.getElementById("fleet-sheets-message");
  const POLL_MS = 500;
  let busy = false;

  function show(text, value, max) {
    status.hidden = false;
    bar.max = max;
    bar.value = value;
    message.textContent = text;
  }

  function fail(text) {
    bar.removeAttribute("value"); // an empty bar, not a full one
    message.textContent = text + " The button above tries again.";
  }

  function offer(state) {
    const save = document.createElement("a");
    save.href = state.pdf_url;
    save.download = state.filename;
    save.textContent = "Save the PDF";
    show(state.total + (state.total === 1 ? " sheet is" : " sheets are") + " ready. ", 1, 1);
    message.appendChild(save);
    save.click();
  }

  function json(response) {
    if (response.status === 403) {
      throw new Error("Only the event's organizer and judges may print every sheet.");
    }
    return response.json().then(function (body) {
      if (!response.ok) {
        throw new Error(body.error || "The server could not make the sheets (error " + response.status + ").");
      }
      return body;
    });
  }

  // Resolves once the job is done (the PDF offered) or has failed.
  function follow(statusUrl, state) {
    const total = state.total || 1;
    if (state.step === "done") {
      offer(state);
      return Promise.resolve();
    }
    if (state.step === "failed") {
      throw new Error("The sheets could not be made; please try again.");
    }
    if (state.step === "reading") {
      show("Reading fleet " + state.done + " of " + total + "…", state.done, 2 * total);
    } else if (state.step === "printing") {
      show("Laying out sheet " + state.done + " of " + total + "…", total + state.done, 2 * total);
    } else {
      show(state.label + "…", 0, 1);
    }
    return new Promise(function (resolve) {
      window.setTimeout(resolve, POLL_MS);
    })
      .then(function () {
        return fetch(statusUrl, { credentials: "same-origin", headers: { Accept: "application/json" } });
      })
      .then(json)
      .then(function (next) {
        return follow(statusUrl, next);
      });
  }

  form.addEventListener("submit", function (event) {
    event.preventDefault();
    if (busy) {
      return;
    }
    busy = true;
    button.disabled = true;
    show("Starting…", 0, 1);
    fetch(form.action, {
      method: "POST",
      credentials: "same-origin",
      headers: { Accept: "application/json" },
      body: new FormData(form),
    })
      .then(json)
      .then(function (state) {
        return follow(state.status_url, state);
      })
      .catch(function (error) {
        // Our own refusals are plain Errors; a network failure or a garbled answer is not.
        fail(error.name === "Error" ? error.message : "The sheets could not be fetched.");
      })
      .finally(function () {
        busy = false;
        button.disabled = false;
      });
  });
})();
