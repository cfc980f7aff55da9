from tournaments.games import DeckGame


class DanglingEvents(DeckGame):
    key = "dangling"
    list_noun, list_name, list_heading = "a list", "list", "Lists"
    submit_url = "tournaments:submit_dangling"
    lists_template = "dangling/lists.html"
