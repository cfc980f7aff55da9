// Every Fleet Build Sheet of an event in one PDF, with a progress bar. The link asks the
// server for a stream of JSON lines (tournaments/views/sheets_bundle.py): each fleet read,
// then the pages laid out, and last the PDF itself, which is then saved like a download.
// Without this script the link still works: the PDF comes after the wait, with no progress.
(function () {
  "use strict";
  const link = document.getElementById("fleet-sheets-link");
  if (!link || !window.fetch || !window.TextDecoder || !window.ReadableStream) {
    return;
  }
  const status = document.getElementById("fleet-sheets-status");
  const bar = document.getElementById("fleet-sheets-progress");
  const message = document.getElementById("fleet-sheets-message");
  let busy = false;

  function show(text, value, max) {
    status.hidden = false;
    bar.max = max;
    bar.value = value;
    message.textContent = text;
  }

  function fail(text) {
    bar.removeAttribute("value"); // an empty bar, not a full one
    message.textContent = text + " The link above tries again.";
  }

  function offer(update) {
    const binary = atob(update.pdf);
    const bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i += 1) {
      bytes[i] = binary.charCodeAt(i);
    }
    const save = document.createElement("a");
    save.href = URL.createObjectURL(new Blob([bytes], { type: "application/pdf" }));
    save.download = update.filename;
    save.textContent = "Save the PDF";
    show(update.total + (update.total === 1 ? " sheet is" : " sheets are") + " ready. ", 1, 1);
    message.appendChild(save);
    save.click();
  }

  // Returns true once the stream has said its last word (the PDF, or why there is none).
  function handle(update) {
    const total = update.total;
    if (update.step === "reading") {
      show("Reading fleet " + update.done + " of " + total + "…", update.done, 2 * total);
    } else if (update.step === "printing") {
      show("Laying out sheet " + update.done + " of " + total + "…", total + update.done, 2 * total);
    } else if (update.step === "done") {
      offer(update);
      return true;
    } else if (update.step === "failed") {
      fail(update.message);
      return true;
    }
    return false;
  }

  function read(reader) {
    const decoder = new TextDecoder();
    let pending = "";
    let finished = false;
    function pump() {
      return reader.read().then(function (chunk) {
        if (chunk.done) {
          if (!finished) {
            throw new Error("The connection was lost before the sheets were ready.");
          }
          return;
        }
        pending += decoder.decode(chunk.value, { stream: true });
        const lines = pending.split("\n");
        pending = lines.pop();
        lines.forEach(function (line) {
          finished = (line && handle(JSON.parse(line))) || finished;
        });
        return pump();
      });
    }
    return pump();
  }

  function refusal(response) {
    if (response.status === 404) {
      return "No fleet has been submitted to this event yet.";
    }
    if (response.status === 403) {
      return "Only the event's organizer and judges may print every sheet.";
    }
    return "The server could not make the sheets (error " + response.status + ").";
  }

  link.addEventListener("click", function (event) {
    event.preventDefault();
    if (busy) {
      return;
    }
    busy = true;
    link.classList.add("disabled");
    link.setAttribute("aria-disabled", "true");
    show("Starting…", 0, 1);
    const url = new URL(link.href, window.location.href);
    url.searchParams.set("progress", "1");
    fetch(url, { credentials: "same-origin", headers: { Accept: "application/x-ndjson" } })
      .then(function (response) {
        if (!response.ok) {
          throw new Error(refusal(response));
        }
        return read(response.body.getReader());
      })
      .catch(function (error) {
        // Our own refusals are plain Errors; a network failure or a garbled line is not.
        fail(error.name === "Error" ? error.message : "The sheets could not be fetched.");
      })
      .finally(function () {
        busy = false;
        link.classList.remove("disabled");
        link.removeAttribute("aria-disabled");
      });
  });
})();
