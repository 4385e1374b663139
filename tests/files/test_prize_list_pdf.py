"""The printed prize list (``tournament/prizes/files.py``), checked by its text (pypdf): the
title, the tournament, the winners with their places (a tie as "2.–3."), amounts in German
euros, a withdrawn player marked, the sums and the rules it follows; a list too long for one
page runs on with "Seite x von y"."""

from __future__ import annotations

import datetime as dt
import io

import pypdf

from tournament.domain import prizes
from tournament.models import Tournament
from tournament.prizes import files
from tournament.prizes.service import PrizeList


def _text(content: bytes) -> list[str]:
    assert content.startswith(b"%PDF-")
    return [page.extract_text() for page in pypdf.PdfReader(io.BytesIO(content)).pages]


def _list(
    entrants: list[prizes.Entrant], rules: prizes.Rules, pot: int, *, final: bool
) -> PrizeList:
    tournament = Tournament(name="Nikolausturnier", date=dt.date(2026, 12, 6), venue="Kiel")
    return PrizeList(
        tournament=tournament,
        rules=rules,
        distribution=prizes.distribute(entrants, rules, pot),
        provisional=not final,
        moment=dt.datetime(2026, 12, 6, 22, 15, tzinfo=dt.UTC),
    )


def _entrant(
    number: int,
    name: str,
    total: int,
    *,
    withdrawn_after_round: int | None = None,
    categories: frozenset[str] = frozenset(),
) -> prizes.Entrant:
    return prizes.Entrant(
        key=number,
        start_number=number,
        name=name,
        total=total,
        round_points=(total,),
        withdrawn_after_round=withdrawn_after_round,
        categories=categories,
    )


def test_the_pdf_names_each_winner_with_place_prize_and_amount() -> None:
    entrants = [
        _entrant(1, "Jürgen Weiß", 130, withdrawn_after_round=2),
        _entrant(2, "Anna Öztürk", 90, categories=frozenset({"Damen"})),
        _entrant(3, "Bernd Meier", 90),
        _entrant(4, "Clara Schulz", 40, categories=frozenset({"Damen"})),
    ]
    rules = prizes.Rules(
        shares=(5000, 3000, 2000), kept_back=1000, category_prizes=(("Damen", 1001),)
    )
    found = _list(entrants, rules, pot=11_001, final=True)
    [page] = _text(files.to_pdf(found))
    assert "Preisliste" in page
    assert "Nikolausturnier · 06.12.2026 · Kiel" in page
    assert "vorläufig" not in page
    # pool 110,01 - 10,00 - 10,01 = 90,00: 45,00; (27,00 + 18,00) / 2 = 22,50 each
    assert "Jürgen Weiß (zurückgezogen)" in page
    assert "45,00" in page
    assert page.count("22,50") == 2
    assert "2.–3." in page
    assert "Platzpreis, geteilt (2 Spieler)" in page
    # Anna is 2nd-3rd already: one prize per player, Damen goes to Clara
    assert "Beste/r Damen" in page and "Clara Schulz" in page and "10,01" in page
    assert "Topf: 110,01 €" in page
    assert "Einbehalt: 10,00 €" in page
    assert "Rundungsrest (bleibt in der Kasse): 0,00 €" in page
    assert "Jeder Spieler erhält höchstens einen Preis." in page
    assert "Wer zurückgezogen hat, behält den Preis seines Platzes." in page
    assert "Seite 1 von 1" in page


def test_a_provisional_list_says_so_and_rounding_is_stated() -> None:
    entrants = [_entrant(n, f"Spieler {n}", 50) for n in (1, 2, 3)]
    found = _list(entrants, prizes.Rules(fixed=(10_000,)), pot=10_000, final=False)
    [page] = _text(files.to_pdf(found))
    assert "(vorläufig)" in page
    assert page.count("33,33") == 3
    assert "1.–3." in page
    assert "Rundungsrest (bleibt in der Kasse): 0,01 €" in page
    assert "auf ganze Cent abgerundet" in page


def test_a_long_list_runs_over_pages_with_the_header_on_each() -> None:
    entrants = [_entrant(n, f"Spieler {n}", 1000 - n) for n in range(1, 121)]
    rules = prizes.Rules(fixed=tuple(100 for _ in range(prizes.MOST_PLACES)), several_prizes=True)
    many = [_entrant(n, f"Spieler {n}", 500) for n in range(1, 121)]
    found = _list(entrants, rules, pot=10_000, final=True)
    assert len(found.distribution.awards) == prizes.MOST_PLACES
    tied = _list(many, prizes.Rules(fixed=(12_000,)), pot=12_000, final=True)
    pages = _text(files.to_pdf(tied))
    assert len(pages) >= 2
    assert all("Betrag (€)" in page for page in pages)
    assert f"Seite {len(pages)} von {len(pages)}" in pages[-1]
    assert sum(page.count("Spieler ") for page in pages) >= 120
    assert "Spieler 120" in pages[-1]
