"""The translation catalogs: data files next to the code whose words they hold (the page's and
each game's ``locales/<lang>.json``), complete for what the page asks for, with plural forms in
pairs and every key in exactly one catalog."""

from __future__ import annotations

import dataclasses
import functools
import json
import random
import re
from importlib import resources
from pathlib import Path

import pytest

import kingdoms_web
from kingdoms.burgrave import explain as burgrave_explain
from kingdoms.core import registry
from kingdoms.core.errors import IllegalActionError, KingdomsError
from kingdoms.core.protocol import Seat
from kingdoms.core.records import new_record
from kingdoms.core.registry import playable_game_ids
from kingdoms.core.session import Session
from kingdoms.core.text import CATALOGS, Param, Text, render
from kingdoms.dice_realm.actions import PENALTY_CODE, STOP_CODE
from kingdoms_web import dom, i18n
from kingdoms_web.offline_dom import OfflineDocument
from kingdoms_web.play.table import refusal

PAGE = Path(kingdoms_web.__file__).parent
PACKAGES = {"": "kingdoms_web", "core": "kingdoms.core", "tally": "kingdoms.testgame",
            "dice-realm": "kingdoms.dice_realm", "burgrave": "kingdoms.burgrave"}
"""catalog prefix -> the package holding its ``locales/`` (``""``: the page's)."""


def locale_files(package: str) -> dict[str, Path]:
    folder = Path(str(resources.files(package) / "locales"))
    return {path.stem: path for path in folder.glob("*.json")}


def test_every_catalog_prefix_is_known() -> None:
    assert set(CATALOGS.prefixes()) == set(PACKAGES)
    assert set(playable_game_ids(include_internal=True)) <= set(PACKAGES)


@pytest.mark.parametrize("prefix", sorted(PACKAGES))
def test_catalog_files_are_objects_of_strings_in_offered_languages(prefix: str) -> None:
    files = locale_files(PACKAGES[prefix])
    assert "en" in files
    assert set(files) <= set(i18n.LANGUAGE_NAMES)
    for path in files.values():
        data = json.loads(path.read_text(encoding="utf-8"))
        assert isinstance(data, dict)
        assert all(isinstance(k, str) and isinstance(v, str) for k, v in data.items())
        if prefix:
            assert all(k.startswith(prefix + ".") for k in data), "a game's keys carry its id"


def test_every_key_lives_in_one_catalog() -> None:
    seen: dict[str, str] = {}
    for prefix in sorted(PACKAGES):
        for key in CATALOGS.catalog(prefix, "en"):
            assert key not in seen, f"{key} is in both {seen[key]!r} and {prefix!r}"
            seen[key] = prefix


def test_plural_forms_come_in_pairs() -> None:
    keys = set(CATALOGS.keys("en"))
    for key in keys:
        if key.endswith(".one"):
            assert key.removesuffix(".one") + ".other" in keys, key


def test_every_literal_key_the_page_asks_for_is_in_the_catalog() -> None:
    """``t("…")`` and ``lookup("…")`` with a literal key, anywhere in the page (doctest
    examples aside: one shows what an unknown key gives)."""
    pattern = re.compile(r'\b(?:t|lookup)\(\s*"([a-z][a-z0-9_.-]+)"')
    used: set[str] = set()
    for path in PAGE.rglob("*.py"):
        for line in path.read_text(encoding="utf-8").splitlines():
            if not line.lstrip().startswith(">>>"):
                used |= set(pattern.findall(line))
    assert len(used) > 200
    missing = sorted(k for k in used
                     if i18n.lookup(k) is None and i18n.lookup(k + ".one") is None)
    assert missing == []


TRANSLATED = [code for code in i18n.LANGUAGE_NAMES if code != "en"]
_FIELD = re.compile(r"\{([a-z_]+)[^{}]*\}")


def placeholders(template: str) -> set[str]:
    return set(_FIELD.findall(template))


def test_every_offered_language_has_every_catalog() -> None:
    assert set(TRANSLATED) == {"es", "de"}
    for package in PACKAGES.values():
        assert set(locale_files(package)) == set(i18n.LANGUAGE_NAMES), package


BOOT_JS = PAGE.parents[1] / "public" / "boot.js"
PUBLIC = PAGE.parents[1] / "public"


def boot_words() -> dict[str, set[str]]:
    """Each language's keys in ``boot.js``'s ``WORDS`` (the loading screen's sentences)."""
    text = BOOT_JS.read_text(encoding="utf-8")
    block = text[text.index("var WORDS = {"):text.index("};", text.index("var WORDS = {"))]
    found: dict[str, set[str]] = {}
    for language, body in re.findall(r"\n    ([a-z]{2}): \{(.*?)\n    \}", block, re.S):
        found[language] = set(re.findall(r"(?:^\s*|, )([a-zA-Z]+): \"", body, re.M))
    return found


def test_every_offered_language_has_every_file_a_language_needs() -> None:
    """What adding a language touches (docs/architecture.md, "A new language"): besides the
    catalogs above, each game's rules reference, the loading screen's words in ``boot.js``,
    an installable app manifest, and the language's plural and number rules. A language
    missing any of them fails here, naming what."""
    from kingdoms.core.text import NUMBER_FORMATS, PLURAL_RULES

    words = boot_words()
    assert set(words) >= {"en", "es", "de"}, "the check reads boot.js's WORDS"
    for language in i18n.LANGUAGE_NAMES:
        for game_id in playable_game_ids():
            package = registry.entry(game_id).catalog.partition(".explain")[0]
            rules = Path(str(resources.files(package) / "locales" / "rules" / f"{language}.json"))
            assert rules.is_file(), f"{game_id}'s rules in {language}"
        assert words.get(language) == words["en"], f"boot.js's words in {language}"
        manifest = "manifest.webmanifest" if language == "en" \
            else f"manifest.{language}.webmanifest"
        assert (PUBLIC / manifest).is_file(), manifest
        assert language in PLURAL_RULES and language in NUMBER_FORMATS, language


@pytest.mark.parametrize("language", TRANSLATED)
@pytest.mark.parametrize("prefix", sorted(PACKAGES))
def test_translations_are_complete_with_the_same_placeholders(prefix: str,
                                                              language: str) -> None:
    """Every English key (card names from the content included) in every language, with the
    same ``{fields}``: a translation never drops a number or invents a parameter."""
    english = dict(CATALOGS.catalog(prefix, "en"))
    other = CATALOGS.catalog(prefix, language)
    assert sorted(set(english) - set(other)) == [], "missing translations"
    assert sorted(set(other) - set(english)) == [], "keys English does not have"
    wrong = {key: (english[key], other[key]) for key in english
             if placeholders(english[key]) != placeholders(other[key])}
    assert wrong == {}
    assert all(value.strip() for value in other.values())


NAME_KEYS = re.compile(
    r"^(burgrave\.(card|manuscript|castle_section|building|segment)|dice-realm\.card)\.[^.]+$")
"""Names drawn in narrow cells: a card's (a manuscript's too, on the market), a castle section's, a
building's, a segment's."""
LONG_WORD = 12
SOFT_HYPHEN = "\u00ad"


@pytest.mark.parametrize("language", TRANSLATED)
def test_long_words_in_names_can_break_at_a_soft_hyphen(language: str) -> None:
    """Browsers without a hyphenation dictionary (Chromium on Linux) would break a long name
    anywhere in a narrow cell ("Schuldeneintreib / er"), so every word of 12 letters or more in
    a name carries at least one soft hyphen where it may break ("Schulden\u00adein\u00adtreiber").
    The layout checks (``e2e/layout_checks.py``, "split") see the result on screen."""
    unbreakable = {key: word for prefix in ("burgrave", "dice-realm")
                   for key, value in CATALOGS.catalog(prefix, language).items()
                   if NAME_KEYS.match(key)
                   for word in re.split(r"[\s-]+", value)
                   if len(word) >= LONG_WORD and SOFT_HYPHEN not in word}
    assert unbreakable == {}


POINTS_ABBREVIATIONS = {"en": "VP", "es": "PV", "de": "SP"}
"""Victory points' abbreviation in each language: newcomers met it unexplained, so the words
say "points" (docs/termbase.md)."""


@pytest.mark.parametrize("language", sorted(POINTS_ABBREVIATIONS))
def test_points_are_never_abbreviated(language: str) -> None:
    abbreviation = re.compile(rf"\b{POINTS_ABBREVIATIONS[language]}\b")
    found = {key: value for prefix in PACKAGES
             for key, value in CATALOGS.catalog(prefix, language).items()
             if abbreviation.search(value)}
    assert found == {}


def test_soft_hyphens_stand_between_letters_only() -> None:
    """A soft hyphen at a word's edge or doubled would never be a break point a reader
    expects."""
    misplaced = {key: value for prefix in ("burgrave", "dice-realm") for language in TRANSLATED
                 for key, value in CATALOGS.catalog(prefix, language).items()
                 if SOFT_HYPHEN in value
                 and not re.fullmatch(r"(?:[^\u00ad]*\w\u00ad(?=\w))+[^\u00ad]*", value)}
    assert misplaced == {}


@pytest.mark.parametrize("language", TRANSLATED)
def test_a_translated_page_says_it_in_its_language(language: str) -> None:
    i18n.set_language(language)
    try:
        assert i18n.t("settings.title") != "Settings"
        assert i18n.t("record.moves", count=12345).startswith("12.345")
    finally:
        i18n.set_language("en")


def test_no_catalog_key_is_unused() -> None:
    """Every key is asked for somewhere in the engine or the page: literally (``"home.games"``),
    by a literal prefix (``"saves.why." + reason``) or by an f-string's fixed part
    (``f"burgrave.card.{key}"``, ``f"{game_id}.score.{key}"``, ``f"{game_id}.tie_break"``)."""
    source = "\n".join(path.read_text(encoding="utf-8")
                       for root in (PAGE, Path(str(resources.files("kingdoms"))))
                       for path in root.rglob("*.py"))
    literals = set(re.findall(r'"([a-z][a-z0-9_.-]*)"', source))
    prefixes = {lit for lit in literals if lit.endswith(".")}
    prefixes |= set(re.findall(r'f"([a-z][a-z0-9_.-]*)\{', source))
    middles = set(re.findall(r'f"\{[a-z_.]+\}(\.[a-z0-9_.-]+\.)\{', source))
    endings = set(re.findall(r'f"\{[a-z_.]+\}(\.[a-z0-9_.-]+)"', source))
    unused = []
    for prefix in sorted(PACKAGES):
        for key in CATALOGS.catalog(prefix, "en"):
            base = re.sub(r"\.(one|other)$", "", key)
            after_game = "." + key.split(".", 1)[-1]
            if key in literals or base in literals \
                    or any(key.startswith(fixed) for fixed in prefixes) \
                    or (prefix and any(after_game.startswith(m) for m in middles)) \
                    or (prefix and after_game in endings):
                continue
            unused.append(key)
    assert unused == []


# --------------------------------------------------------------------------- no English leaks

_TRIM = " .,:;!?()[]«»\"'—–-·/+=≥≤…\n"


@functools.cache
def english_fragments(language: str) -> re.Pattern[str]:
    """Every fixed piece of English the catalogs hold (the words between a template's
    ``{fields}``, card names included) that ``language``'s catalogs never use themselves: if one
    shows up in a ``language`` text, English reached that screen. Words both languages share
    ("Gold", Spanish "Rival") are left out, so only real leaks match."""
    own = "\n".join(value for prefix in PACKAGES
                    for value in CATALOGS.catalog(prefix, language).values())
    pieces: set[str] = set()
    for prefix in PACKAGES:
        for template in CATALOGS.catalog(prefix, "en").values():
            for piece in re.split(r"\{[^{}]*\}", template):
                piece = piece.strip(_TRIM)
                if len(piece) >= 4 and re.search("[A-Za-z]{3}", piece):
                    pieces.add(piece)
    leaks = [piece for piece in pieces
             if piece not in own or not re.search(rf"(?<!\w){re.escape(piece)}(?!\w)", own)]
    leaks.sort(key=len, reverse=True)
    return re.compile(r"(?<!\w)(?:" + "|".join(map(re.escape, leaks)) + r")(?!\w)")


def english_in(line: str, language: str) -> list[str]:
    """The English catalog pieces found in ``line`` (a text shown in ``language``)."""
    return english_fragments(language).findall(line)


def test_the_leak_check_finds_english_in_a_translated_line() -> None:
    """The check itself: it catches an English sentence and an English name in a German line,
    and leaves the German words alone."""
    german = render(Text("burgrave.log.rival_turn", scheme="X", space=3, score=5), "de")
    assert english_in(german, "de") == []
    assert english_in(german + " The rival plays", "de") != []
    assert english_in("Rival entscheidet", "de") == ["Rival"]
    assert english_in("Rival decide", "es") == []  # the same word in Spanish


def texts_in(value: object) -> list[Text]:
    """Every :class:`Text` inside a prompt, a choice, a tuple … (what a screen would show)."""
    if isinstance(value, Text):
        return [value]
    if isinstance(value, list | tuple):
        return [text for item in value for text in texts_in(item)]
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return [text for field in dataclasses.fields(value)
                for text in texts_in(getattr(value, field.name))]
    return []


def mentions(text: Param, target: Text) -> bool:
    """Whether ``target`` appears anywhere in ``text`` (its parameters, nested)."""
    if text == target:
        return True
    if isinstance(text, Text):
        return any(mentions(value, target) for value in text.params.values())
    if isinstance(text, tuple):
        return any(mentions(value, target) for value in text)
    return False


def keys_in(text: Param) -> set[str]:
    """Every catalog key ``text`` uses, nested ones included."""
    if isinstance(text, Text):
        return {text.key}.union(*(keys_in(value) for value in text.params.values()))
    if isinstance(text, tuple):
        return set().union(*(keys_in(value) for value in text))
    return set()


@functools.cache
def solo_burgrave_texts() -> tuple[Text, ...]:
    """What a whole solo Burgrave game says: every move's log line, every prompt (title, why,
    notes, end warnings, choices, what is not possible) — random legal moves, fixed seed."""
    game = registry.get_game("burgrave")
    session = Session(new_record("burgrave", [Seat(name="Ann")], seed=8,
                                 options={"rival": "manuscripts", "difficulty": 2}))
    rng = random.Random(8)
    texts: list[Text] = []
    while not game.is_over(session.state):
        texts += texts_in(game.prompt(session.state))
        legal = game.legal_actions(session.state)
        step = session.act(rng.choice(legal))
        texts.append(game.describe(step.before, step.action, step.after))
    return tuple(texts)


@pytest.mark.parametrize("language", TRANSLATED)
def test_a_solo_burgrave_game_says_nothing_in_english(language: str) -> None:
    """Issue 14: the rival's turns, its name in every sentence and all prompts of a solo game
    come out in the player's language (the rival was once the record's English "Rival")."""
    texts = solo_burgrave_texts()
    assert len(texts) > 300
    assert any(mentions(text, burgrave_explain.RIVAL_NAME) for text in texts)
    assert "burgrave.log.rival_turn" in set().union(*(keys_in(text) for text in texts))
    leaks = {}
    for text in texts:
        line = render(text, language)
        found = english_in(line, language)
        if found:
            leaks[line] = found
    assert leaks == {}
    rival = render(burgrave_explain.RIVAL_NAME, language)
    assert rival == {"es": "Rival", "de": "Rivale"}[language]
    named = [render(text, language) for text in texts
             if mentions(text, burgrave_explain.RIVAL_NAME)]
    assert all(rival in line for line in named)


def _decodes(code: int) -> bool:
    """Whether ``code`` is a Burgrave action at all (the vocabulary has gaps)."""
    try:
        registry.get_game("burgrave").decode_action(code)
    except KingdomsError:
        return False
    return True


def _refusals() -> list[KingdomsError]:
    """Illegal moves a player could try: stopping before rolling, taking a scoundrel before
    rolling (Dice Realm), and a Burgrave move out of turn while someone else must decide."""
    errors: list[KingdomsError] = []
    dice = registry.get_game("dice-realm")
    state = Session(new_record("dice-realm", [Seat(name="Ann"), Seat(name="Ben")],
                               seed=4)).state
    for action in (dice.decode_action(STOP_CODE), dice.decode_action(PENALTY_CODE)):
        with pytest.raises(IllegalActionError) as caught:
            dice.apply(state, action)
        errors.append(caught.value)
    burgrave = registry.get_game("burgrave")
    solo = Session(new_record("burgrave", [Seat(name="Ann")], seed=8)).state
    legal = {burgrave.encode_action(action) for action in burgrave.legal_actions(solo)}
    code = next(code for code in range(1000) if code not in legal and _decodes(code))
    with pytest.raises(IllegalActionError) as caught:
        burgrave.apply(solo, burgrave.decode_action(code))
    errors.append(caught.value)
    return errors


@pytest.mark.parametrize("language", TRANSLATED)
def test_a_refused_move_is_explained_in_the_players_language(language: str) -> None:
    """The reason an illegal move is refused is catalog text, said in the page's language by
    the table (``str(error)`` stays English for the command line)."""
    errors = _refusals()
    assert all(error.text is not None for error in errors)
    i18n.set_language(language)
    try:
        shown = [refusal(error) for error in errors]
    finally:
        i18n.set_language("en")
    for error, line in zip(errors, shown, strict=True):
        assert line != refusal(error) and str(error) not in line
        assert english_in(line, language) == [], line
    assert "Rivale" not in shown[-1] and "Ann" in shown[-1]  # the human must decide first


def test_a_refusal_without_text_is_a_plain_translated_one(monkeypatch: pytest.MonkeyPatch
                                                          ) -> None:
    """A developer's error (English, no text) never reaches the player as English."""
    logged: list[str] = []
    monkeypatch.setattr(dom, "log_error", logged.append)
    i18n.set_language("de")
    try:
        line = refusal(IllegalActionError("Not a Dice Realm action: 99."))
    finally:
        i18n.set_language("en")
    assert line == "Dieser Zug ist nicht erlaubt." and "99" in logged[0]


DEVELOPER_REFUSALS = {
    "A roll must re-roll at least one die (keep mask 0-62).",
    "There are six dice, numbered 0 to 5.",
    'Not a Dice Realm action: {code!r}.',
    "There is no seat {target}.",
}
"""English refusals left in the rules modules: each needs an action code the page never sends
(a malformed mask, die or seat number), so only a developer can meet them."""


def test_rules_refuse_with_catalog_text_except_for_malformed_codes() -> None:
    """Every ``IllegalActionError`` the rules raise with a plain string is listed above."""
    literal = re.compile(r'IllegalActionError\(\s*f?"([^"]*)"')
    found = set()
    for game in ("dice_realm", "burgrave"):
        path = Path(str(resources.files(f"kingdoms.{game}") / "rules.py"))
        found |= set(literal.findall(path.read_text(encoding="utf-8")))
    assert found == DEVELOPER_REFUSALS


def test_a_notice_on_screen_follows_a_language_switch(fake_dom: OfflineDocument) -> None:
    """Issue 29: switching languages mid-game redraws the message on screen in the new
    language (it is kept as what to say, not as the words said), for the table's own notices
    (undo) and for the engine's sentence a Burgrave move leaves."""
    from table_owner import Owner

    from kingdoms_web.play.table import GameTable

    i18n.set_language("es")
    for game_id in ("dice-realm", "burgrave"):
        seats = [Seat(name="Ann"), Seat(name="Ben")]
        table = GameTable(Owner(), Session(new_record(game_id, seats, seed=3)), "s1",
                          schedule=lambda _callback, _delay: None)
        root = fake_dom.createElement("main")
        fake_dom.body.append(root)
        table.mount(root)
        if root.by_testid("pass-ready") is not None:  # Burgrave hides hands between seats
            root.by_testid("pass-ready").click()
        offers = root.querySelectorAll("[data-offer]") if game_id == "burgrave" else \
            [root.by_testid("roll")]
        offers[0].click()
        assert len(table.session.record.actions) == 1
        if game_id == "dice-realm":
            root.by_testid("undo").click()
        spanish = root.by_testid("play-notice").textContent
        assert spanish
        i18n.set_language("de")
        table.redraw()
        german = root.by_testid("play-notice").textContent
        assert german and german != spanish
        if game_id == "dice-realm":  # a roll revealed something: undo says why not
            assert german == i18n.t(f"undo.why.{table.undo_status()[1]}")
        i18n.set_language("es")
        root.remove()
    i18n.set_language("en")
