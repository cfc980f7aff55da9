from django.urls import include, path

from games.registry import all_games

from .views import calendar, decks, events, players, reports, results, rounds, sheets_bundle

app_name = "tournaments"
urlpatterns = [
    path("", events.event_list, name="list"),
    path("new/", events.event_create, name="create"),
    path("calendar.ics", calendar.calendar_feed, name="calendar"),
    path("<int:pk>/event.ics", calendar.event_ics, name="event_ics"),
    path("<int:pk>/", events.event_detail, name="event"),
    path("<int:pk>/edit/", events.event_edit, name="edit"),
    path("<int:pk>/start/", events.event_start, name="start"),
    path("<int:pk>/finish/", events.event_finish, name="finish"),
    path("<int:pk>/judges/", events.appoint_judge, name="appoint_judge"),
    path("<int:pk>/judges/<int:user_pk>/remove/", events.remove_judge, name="remove_judge"),
    path("<int:pk>/register/", players.register, name="register"),
    path("<int:pk>/withdraw/", players.withdraw, name="withdraw"),
    path("<int:pk>/players/add/", players.add_player, name="add_player"),
    path("<int:pk>/players/check-in/", players.check_in_all, name="check_in_all"),
    path("<int:pk>/fleet/", players.submit_fleet, name="submit_fleet"),
    path("<int:pk>/decks/submit/", decks.submit_decks, name="submit_decks"),
    path("<int:pk>/players/<int:registration_pk>/club/", players.set_club, name="set_club"),
    path("<int:pk>/players/<int:registration_pk>/check-in/", players.check_in, name="check_in"),
    path("<int:pk>/players/<int:registration_pk>/bye/", players.grant_bye, name="grant_bye"),
    path("<int:pk>/players/<int:registration_pk>/drop/", players.drop, name="drop"),
    path("<int:pk>/players/<int:registration_pk>/undrop/", players.undrop, name="undrop"),
    path("<int:pk>/rounds/pair/", rounds.pair_next, name="pair_next"),
    path("<int:pk>/rounds/<int:number>/", rounds.round_detail, name="round"),
    path("<int:pk>/rounds/<int:number>/repair/", rounds.repair, name="repair"),
    path("<int:pk>/rounds/<int:number>/reopen/", rounds.reopen, name="reopen"),
    path("<int:pk>/rounds/<int:number>/swap/", rounds.swap, name="swap"),
    path("<int:pk>/rounds/<int:number>/tables/<int:match_pk>/result/", rounds.enter_result, name="enter_result"),
    path("<int:pk>/rounds/<int:number>/tables/<int:match_pk>/preview/", rounds.preview_result, name="preview_result"),
    path("<int:pk>/rounds/<int:number>/live/", rounds.live, name="live"),
    path("<int:pk>/rounds/<int:number>/projector/", rounds.projector, name="projector"),
    path("<int:pk>/rounds/<int:number>/timer/", rounds.timer, name="timer"),
    path("<int:pk>/rounds/<int:number>/timer.json", rounds.timer_state, name="timer_state"),
    path("<int:pk>/rounds/<int:number>/clock/", rounds.clock, name="clock"),
    path("<int:pk>/rounds/<int:number>/<slug:kind>.pdf", reports.round_printout, name="round_printout"),
    path("<int:pk>/matches/<int:match_pk>/", results.match_detail, name="match"),
    path("<int:pk>/matches/<int:match_pk>/confirm/", results.confirm, name="confirm"),
    path("<int:pk>/matches/<int:match_pk>/verify/", results.verify_build, name="verify_build"),
    path("<int:pk>/history/", results.history, name="history"),
    path("<int:pk>/standings/", reports.standings, name="standings"),
    path("<int:pk>/standings.pdf", reports.standings_printout, name="standings_printout"),
    path("<int:pk>/fleets/", reports.fleet_list, name="fleets"),
    path("<int:pk>/fleets/<int:registration_pk>/", reports.fleet_detail, name="fleet"),
    path("<int:pk>/fleets/<int:registration_pk>/sheet.pdf", reports.fleet_sheet, name="fleet_sheet"),
    path("<int:pk>/fleets/sheets.pdf", sheets_bundle.fleet_sheets, name="fleet_sheets"),
    path("<int:pk>/decks/<int:registration_pk>/", decks.deck_detail, name="decks"),
    path("<int:pk>/decks/<int:registration_pk>/<int:deck_pk>/sheet.pdf", decks.deck_sheet, name="deck_sheet"),
    path("<int:pk>/export.csv", reports.export, {"fmt": "csv"}, name="export_csv"),
    path("<int:pk>/export.json", reports.export, {"fmt": "json"}, name="export_json"),
]
# Pages a game adds (Starship Command's campaigns), each under its own prefix.
urlpatterns += [path(f"{game.url_prefix}/", include(game.urls)) for game in all_games() if game.urls]
