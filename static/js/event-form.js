// The event form: each game with settings of its own has a section (fieldset[data-game]).
// Without this script every section shows, each saying which game it is for (the server reads
// only the chosen game's). With it, only the section of the game chosen in "Game and format"
// shows, and it follows the select.
(function () {
  "use strict";
  const select = document.getElementById("id_game_format");
  const sections = document.querySelectorAll("fieldset[data-game]");
  if (!select || !sections.length) {
    return;
  }
  // A choice's value is "<game>:<format>" (tournaments/formats.py, join_format_choice).
  function showChosenGame() {
    const game = select.value.split(":")[0];
    sections.forEach(function (section) {
      section.hidden = section.dataset.game !== game;
    });
  }
  select.addEventListener("change", showChosenGame);
  showChosenGame();
})();
