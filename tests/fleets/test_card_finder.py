"""The card finder on the real shipped catalog (fleets/card_data/): words of the name, class, text and
keywords in one box, typos forgiven, filters and sorting, every match reachable page by page."""

import pytest

from fleets.selectors.card_index import CardQuery, Stat, find_cards, found_card, printings, words
from rules.attack_wing.card_text.plain import plain_text
from tests.fleets.factories import ShipFactory

pytestmark = pytest.mark.django_db


def every_match(query: CardQuery) -> list:
    """All the pages of ``query``, walked as the "Show more" link walks them."""
    found, page = [], 1
    while True:
        result = find_cards(query, page=page)
        found += result.cards
        if result.next_page is None:
            return found
        page = result.next_page


def ids(found) -> list[str]:
    return [f.card.id for f in found]


def test_target_lock_finds_the_cards_whose_text_says_it(real_catalog):
    found = every_match(CardQuery(text="target lock"))

    assert len(found) > 90  # Utopia's own search lists 97
    said = [f for f in found if "target lock" in f.card.text.lower().replace("-", " ")]
    assert len(said) > 90
    assert any("target" not in words(f.card.name) for f in said)  # found by their text, not their name
    for f in found:  # each word of the query begins a word of the card ("locks", "targeted" count)
        said_words = words(f"{f.card.name} {f.card.ship_class} {plain_text(f.card.text)}")
        assert any(w.startswith("target") for w in said_words) and any(w.startswith("lock") for w in said_words)


def test_federation_starship_galaxy_finds_the_generic_galaxies_by_their_class(real_catalog):
    found = ids(every_match(CardQuery(text="federation starship galaxy")))

    assert {"S206", "S273"} <= set(found)  # the two 22 SP generic Galaxy Class ships


def test_galaxy_lists_the_galaxy_class_ships_and_the_uss_galaxy(real_catalog):
    found = every_match(CardQuery(text="galaxy", kind="ship"))

    assert {"S206", "S273", "S412"} <= set(ids(found))
    assert found[0].card.name == "U.S.S. Galaxy"  # a whole word of the name ranks first


def test_every_match_is_reachable_the_22_sp_generic_galaxy_among_federation_starships(real_catalog):
    query = CardQuery(text="federation starship")
    first = find_cards(query)

    assert first.total > len(first.cards)
    everything = ids(every_match(query))
    assert len(everything) == first.total == len(set(everything))
    assert "S206" in everything


def test_a_typo_still_finds_the_card(real_catalog):
    assert "S412" in ids(every_match(CardQuery(text="galaxxy", kind="ship")))
    assert "S412" in ids(every_match(CardQuery(text="galaxi", kind="ship")))


def test_each_result_names_its_expansion(real_catalog):
    found = every_match(CardQuery(text="enterprise", kind="ship"))

    assert len(found) >= 5
    assert all(f.expansion is not None and f.expansion.name for f in found)


def test_stat_filters_compare_as_asked(real_catalog):
    found = every_match(CardQuery(kind="ship", stats=(Stat("hull", "ge", 7), Stat("agility", "lt", 1))))

    assert found
    assert all(f.card.hull >= 7 and f.card.agility < 1 for f in found)
    exact = every_match(CardQuery(kind="captain", stats=(Stat("skill", "eq", 9),)))
    assert exact and all(f.card.skill == 9 for f in exact)


def test_unique_generic_faction_expansion_and_owned_filters(real_catalog):
    generic = every_match(CardQuery(text="galaxy", kind="ship", unique=False))
    assert generic and not any(f.card.unique or f.card.mirror_unique for f in generic)
    crew = every_match(CardQuery(upgrade_type="crew", faction="klingon"))
    assert crew and all(f.card.upgrade_type == "crew" and "klingon" in f.card.factions for f in crew)
    core = every_match(CardQuery(set_id="2017core"))
    assert "S273" in ids(core) and all("2017core" in f.card.set_ids for f in core)
    owned = every_match(CardQuery(text="galaxy", kind="ship", owned_sets=frozenset({"2017core"})))
    assert "S273" in ids(owned) and "S206" not in ids(owned)  # the other 22 SP Galaxy is not in the set owned
    assert all("2017core" in f.card.set_ids for f in owned)


def test_sorting_by_cost_name_skill_and_expansion(real_catalog):
    by_cost = [f.card.cost for f in every_match(CardQuery(text="picard", sort="cost"))]
    assert by_cost == sorted(by_cost)
    by_name = [f.card.name.lower() for f in every_match(CardQuery(kind="resource", sort="name"))]
    assert by_name == sorted(by_name)
    by_skill = [f.card.skill for f in every_match(CardQuery(kind="captain", text="worf", sort="skill"))]
    assert by_skill == sorted(by_skill, reverse=True)
    by_set = [f.expansion.release_date for f in every_match(CardQuery(text="enterprise", sort="set"))]
    dated = [d for d in by_set if d]
    assert dated == sorted(dated, reverse=True)


def test_a_card_names_its_other_printings(real_catalog):
    picard = found_card("S206")
    assert picard.card.ship_class == "Galaxy Class"
    others = printings(found_card("S206").card)
    assert "S273" in ids(others)
    assert found_card("no-such-card") is None


def test_the_index_follows_the_catalog_when_cards_are_added_or_changed():
    """Built once per catalog version: an import (here, cards written directly) is found by the next search."""
    first = ShipFactory(name="U.S.S. Zyzzyva")
    assert ids(every_match(CardQuery(text="zyzzyva"))) == [first.source_id]

    second = ShipFactory(name="I.K.S. Zyzzyva")
    first.name = "U.S.S. Quokka"
    first.save()

    assert ids(every_match(CardQuery(text="zyzzyva"))) == [second.source_id]
    assert ids(every_match(CardQuery(text="quokka"))) == [first.source_id]
