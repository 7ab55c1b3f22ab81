"""Translations: every visible string on the page goes through :func:`t`.

Why one function: so adding a language is adding one catalog, and a test can check that no screen
shows an untranslated string. Catalogs are plain dicts (key -> template) using ``str.format``
fields, e.g. ``"{count} players"``. Plural forms are separate keys ending in ``.one`` / ``.other``
and are picked by the ``count`` parameter, which is enough for English, Spanish and German.

Adding a language: write a catalog dict with the same keys as :data:`EN` (missing keys fall back
to English, so a partial catalog is safe), then add it to :data:`CATALOGS` and its own name to
:data:`LANGUAGE_NAMES`. Nothing else changes.

>>> set_language("en")
'en'
>>> t("home.players_range", low=2, high=5)
'2–5 players'
>>> t("record.moves", count=1)
'1 move'
>>> t("no.such.key")
'no.such.key'
"""

from __future__ import annotations

import string
from collections.abc import Iterable, Mapping

DEFAULT_LANGUAGE = "en"

EN: dict[str, str] = {
    # ---- Burgrave screen (web/kingdoms_web/games/burgrave/): keys prefixed "burgrave." ----
    "burgrave.board": "Burgrave board",
    "burgrave.paths": (
        "Paths run clockwise: west bank → east bank or inner space; inner space → east bank or "
        "the next inner space; east bank → the next segment's west bank."
    ),
    "burgrave.river": "≈",
    "burgrave.segment_named": "Segment {number}: {name}",
    "burgrave.space.outer": "Space {number}",
    "burgrave.space.inner": "Inner space of segment {number}",
    "burgrave.inner_short": "Inner",
    "burgrave.here": "Here: {names}",
    "burgrave.link": "Link reward",
    "burgrave.link_next": "Link reward to segment {number}",
    "burgrave.closed": "closed",
    "burgrave.spot_named": "{name} ({reward})",
    "burgrave.spot_closed": "{name}: closed in this game",
    "burgrave.built_by": "{building} of {name}",
    "burgrave.pile_left.one": "{count} left",
    "burgrave.pile_left.other": "{count} left",
    "burgrave.printed": "printed",
    "burgrave.townsfolk_named": "Townsfolk: {name}, {left}. Show the card",
    "burgrave.manuscript_named": "Manuscript: {name}, {left}. Show it",
    "burgrave.script_cost.one": "{count} cleric",
    "burgrave.script_cost.other": "{count} clerics",
    "burgrave.castle": "Castle",
    "burgrave.leader_named": "leader {name}",
    "burgrave.section_named": "Castle section {number}: {name}",
    "burgrave.workers_in_tier.one": "{name}: {count} worker in tier {tier}",
    "burgrave.workers_in_tier.other": "{name}: {count} workers in tier {tier}",
    "burgrave.tier_short.1": "I",
    "burgrave.tier_short.2": "II",
    "burgrave.tier_short.3": "III",
    "burgrave.exchange.1": "1 merchant → 1 silver",
    "burgrave.exchange.2": "2 merchants → 1 resource",
    "burgrave.exchange.3": "3 merchants → destroy",
    "burgrave.exchange.4": "4 merchants → flip",
    "burgrave.icon.merchant.one": "merchant",
    "burgrave.icon.merchant.other": "merchants",
    "burgrave.icon.builder.one": "builder",
    "burgrave.icon.builder.other": "builders",
    "burgrave.icon.noble.one": "noble",
    "burgrave.icon.noble.other": "nobles",
    "burgrave.icon.cleric.one": "cleric",
    "burgrave.icon.cleric.other": "clerics",
    "burgrave.icon.criminal.one": "criminal",
    "burgrave.icon.criminal.other": "criminals",
    "burgrave.icon_short.merchant": "Mer",
    "burgrave.icon_short.builder": "Bui",
    "burgrave.icon_short.noble": "Nob",
    "burgrave.icon_short.cleric": "Cle",
    "burgrave.icon_short.criminal": "Cri",
    "burgrave.icon_count": "{count} {icon}",
    "burgrave.wild": "{text} (wild)",
    "burgrave.no_icons": "none",
    "burgrave.res.silver": "silver",
    "burgrave.res.ink": "ink",
    "burgrave.res.gold": "gold",
    "burgrave.res.stone": "stone",
    "burgrave.building.workshop": "Workshop",
    "burgrave.building.trading_post": "Trading post",
    "burgrave.building.guildhall": "Guildhall",
    "burgrave.building_short.workshop": "W",
    "burgrave.building_short.trading_post": "T",
    "burgrave.building_short.guildhall": "G",
    "burgrave.benefit.icon": "+1 {icon} icon",
    "burgrave.benefit.workshop_1": "Discard when you hire",
    "burgrave.benefit.workshop_2": "+1 virtue at collisions",
    "burgrave.benefit.workshop_3": "Hand limit +1",
    "burgrave.benefit.trading_post_1": "1 extra step free",
    "burgrave.benefit.trading_post_2": "Dismiss for 1 silver",
    "burgrave.ribbon.red": "red ribbon",
    "burgrave.ribbon.blue": "blue ribbon",
    "burgrave.ribbon.green": "green ribbon",
    "burgrave.ribbon.gold": "gold ribbon",
    "burgrave.kind.neutral": "Townsfolk",
    "burgrave.kind.hero": "Hero",
    "burgrave.kind.starting": "Starting townsfolk",
    "burgrave.kind.printed": "Printed on the board",
    "burgrave.fx.nothing": "nothing",
    "burgrave.fx.silver": "+{n} silver",
    "burgrave.fx.ink": "+{n} ink",
    "burgrave.fx.gold": "+{n} gold",
    "burgrave.fx.stone": "+{n} stone",
    "burgrave.fx.any": "+{n} any resource",
    "burgrave.fx.virtue": "+{n} virtue",
    "burgrave.fx.corruption": "+{n} corruption",
    "burgrave.fx.debt.one": "+{n} debt",
    "burgrave.fx.debt.other": "+{n} debts",
    "burgrave.fx.deed.one": "+{n} deed",
    "burgrave.fx.deed.other": "+{n} deeds",
    "burgrave.fx.flip_debt.one": "flip {n} debt",
    "burgrave.fx.flip_debt.other": "flip {n} debts",
    "burgrave.fx.flip_deed.one": "flip {n} deed",
    "burgrave.fx.flip_deed.other": "flip {n} deeds",
    "burgrave.fx.flip_either.one": "flip {n} debt or deed",
    "burgrave.fx.flip_either.other": "flip {n} debts or deeds",
    "burgrave.fx.destroy.one": "destroy {n} card",
    "burgrave.fx.destroy.other": "destroy {n} cards",
    "burgrave.fx.discard.one": "discard {n} card",
    "burgrave.fx.discard.other": "discard {n} cards",
    "burgrave.fx.may_discard.one": "you may discard {n} card",
    "burgrave.fx.may_discard.other": "you may discard {n} cards",
    "burgrave.fx.rearrange": "rearrange your line",
    "burgrave.fx.shuffle": "shuffle your discards into your deck",
    "burgrave.fx.draw.one": "draw {n} card",
    "burgrave.fx.draw.other": "draw {n} cards",
    "burgrave.fx.hire_free": "hire any visible townsfolk free",
    "burgrave.fx.move_worker": "move one tier-1 worker to a neighbouring section",
    "burgrave.fx.place_workers.one": "place {n} worker free in any tier-1 section",
    "burgrave.fx.place_workers.other": "place {n} workers free in any tier-1 section",
    "burgrave.fx.build_free": "build a {building} free on any free spot",
    "burgrave.fx.transcribe_free": "transcribe a visible manuscript of cost 3-4 free",
    "burgrave.fx.free_steps.one": "move {n} extra space free",
    "burgrave.fx.free_steps.other": "move {n} extra spaces free",
    "burgrave.fx.dismiss_any": "dismiss from any segment this turn",
    "burgrave.chip.silver": "{n}s",
    "burgrave.chip.ink": "{n}i",
    "burgrave.chip.gold": "{n}g",
    "burgrave.chip.stone": "{n}st",
    "burgrave.chip.any": "{n}★",
    "burgrave.chip.virtue": "{n}V",
    "burgrave.chip.corruption": "{n}C",
    "burgrave.chip.debt": "{n}debt",
    "burgrave.chip.deed": "{n}deed",
    "burgrave.chip.flip_debt": "flip",
    "burgrave.chip.flip_deed": "flip",
    "burgrave.chip.flip_either": "flip",
    "burgrave.chip.destroy": "destroy",
    "burgrave.chip.discard": "discard",
    "burgrave.chip.may_discard": "discard",
    "burgrave.chip.rearrange": "rearr.",
    "burgrave.chip.shuffle": "shuffle",
    "burgrave.chip.draw": "draw",
    "burgrave.chip.hire_free": "hire",
    "burgrave.chip.move_worker": "move wkr",
    "burgrave.chip.place_workers": "+{n} wkr",
    "burgrave.chip.build_free": "build {building}",
    "burgrave.chip.transcribe_free": "script",
    "burgrave.chip.free_steps": "+{n} step",
    "burgrave.chip.dismiss_any": "dismiss",
    # Burgrave: player boards
    "burgrave.your_board": "{name}'s board",
    "burgrave.board_of": "Board of {name}",
    "burgrave.points.one": "{count} point",
    "burgrave.points.other": "{count} points",
    "burgrave.hand_title.one": "Your hand ({count} card)",
    "burgrave.hand_title.other": "Your hand ({count} cards)",
    "burgrave.hand_none": "No cards in hand.",
    "burgrave.deck_counts": "Draw pile {deck} · discards {discard} · hand limit {limit}",
    "burgrave.value": "Silver value",
    "burgrave.card_label": "{name}, value {value}, {icons}. {text}",
    "burgrave.card_summary": "Value {value}, {icons}.",
    "burgrave.line_title": "Line (left slot is played into)",
    "burgrave.slot_named": "Slot {slot}: {card}",
    "burgrave.slot_empty": "Slot {slot}: empty, printed {icon} icon",
    "burgrave.start_icon": "printed",
    "burgrave.debts": "Debts (flipped)",
    "burgrave.deeds": "Deeds (flipped)",
    "burgrave.flipped_pair": "{n} ({f})",
    "burgrave.workers_left": "Workers left",
    "burgrave.track_title": "Virtue and corruption",
    "burgrave.track_label": "Track: corruption on space {corruption}, virtue on space {virtue}",
    "burgrave.virtue_short": "V",
    "burgrave.corruption_short": "C",
    "burgrave.buildings_title": "Buildings and the benefits they uncover",
    "burgrave.built": "Built",
    "burgrave.not_built": "Not built yet",
    "burgrave.scripts_title": "Manuscripts",
    "burgrave.no_scripts": "No manuscripts yet.",
    "burgrave.script_label": "{name}, {ribbon}: {text}",
    "burgrave.cleric_bonus_named": "Cleric bonus ({ribbon})",
    "burgrave.opp_summary": "{score} pts · {silver} silver · {hand} in hand",
    "burgrave.opponents": "Other players",
    "burgrave.printed_note": "Printed on the board: it can be dismissed, never hired.",
    "burgrave.printed_script_note": (
        "Printed on the board: transcribing it gives its effect, but it is never taken."
    ),
    # Burgrave: status, prompts, log
    "burgrave.round": "Round {number}",
    "burgrave.turn_of": "{name}'s turn",
    "burgrave.final_round": "Final round",
    "burgrave.end_triggered": "The end is near: one more round after this one",
    "burgrave.piles": "Debts left {debts} · deeds left {deeds}",
    "burgrave.over": "The game is over.",
    "burgrave.waiting": "Waiting for {name}.",
    "burgrave.for_player": "{name}:",
    "burgrave.not_possible": "Not possible now:",
    "burgrave.hint.hand": "Tap a highlighted card in your hand.",
    "burgrave.hint.space": "Tap a highlighted space on the board.",
    "burgrave.hint.spot": "Tap a highlighted building spot on the board.",
    "burgrave.hint.section": "Tap a highlighted castle section.",
    "burgrave.log": "What happened",
    "burgrave.log_empty": "Nothing yet.",
    "burgrave.ask.choose_pair": "Choose your player card and hero",
    "burgrave.ask.play_card": "Play a card into your line",
    "burgrave.ask.move": "Move your burgrave",
    "burgrave.ask.move_value.one": "Move {count} space (extra spaces cost 1 silver each)",
    "burgrave.ask.move_value.other": "Move {count} spaces (extra spaces cost 1 silver each)",
    "burgrave.ask.rearrange": "Rearrange your line?",
    "burgrave.ask.primary_action": "Take a primary action",
    "burgrave.ask.primary_outer": "Primary action on the outer path: trade or build",
    "burgrave.ask.primary_inner": "Primary action on the inner path: place workers or transcribe",
    "burgrave.ask.hire": "Hire the townsfolk beside you?",
    "burgrave.ask.hire_named.one": "Hire the {name} for {count} silver?",
    "burgrave.ask.hire_named.other": "Hire the {name} for {count} silver?",
    "burgrave.ask.choose_resource": "Choose a resource",
    "burgrave.ask.flip": "Flip a debt or a deed",
    "burgrave.ask.destroy": "Destroy a card (you gain its value in silver)",
    "burgrave.ask.discard": "Discard a card from your hand",
    "burgrave.ask.hire_free": "Hire a visible townsfolk free",
    "burgrave.ask.move_worker": "Move one of your tier-1 workers to a neighbouring section",
    "burgrave.ask.place_workers": "Place workers free in a tier-1 castle section",
    "burgrave.ask.place_free.one": "Place {count} worker free in a tier-1 castle section",
    "burgrave.ask.place_free.other": "Place {count} workers free in a tier-1 castle section",
    "burgrave.ask.build_free": "Build free on any free spot",
    "burgrave.ask.build_free_named": "Build a {building} free on any free spot",
    "burgrave.ask.transcribe_free": "Transcribe a visible manuscript of cost 3–4 free",
    "burgrave.ask.cascade": "Your workers cascade: choose the castle section to resolve first",
    "burgrave.ask.bump": "The castle is crowded: choose whose worker to bump",
    "burgrave.why.landed": (
        "{name} landed on your burgrave, so you may rearrange your line now."
    ),
    "burgrave.why.collision": (
        "{name}'s collision lets every opponent rearrange their line, so you are asked now."
    ),
    "burgrave.why.bump": "{name}'s turn: the player whose turn it is chooses whom to bump.",
    "burgrave.why.reward": (
        "It is {name}'s turn, but their action gives you something to choose now."
    ),
    "burgrave.play_named": "Play the {name}",
    "burgrave.play_blind": "Play the top card of your draw pile",
    "burgrave.hand_empty": "Your hand is empty: you play the top card of your draw pile unseen.",
    "burgrave.play_note": "Its silver value is how far you move.",
    "burgrave.move_note": "You have {silver} silver for extra spaces.",
    "burgrave.free": "free",
    "burgrave.cost_silver.one": "+{count} silver",
    "burgrave.cost_silver.other": "+{count} silver",
    "burgrave.your_icons": "Your icons this turn: {icons}.",
    "burgrave.dismissed_note": "You dismissed the {name}: its icons count for this action only.",
    "burgrave.dismiss_named": "Dismiss the {name}",
    "burgrave.dismiss_detail.one": "Pay {count} silver; adds {icons}; {effect}",
    "burgrave.dismiss_detail.other": "Pay {count} silver; adds {icons}; {effect}",
    "burgrave.needs.one": "needs {count} {icon}",
    "burgrave.needs.other": "needs {count} {icon}",
    "burgrave.funded_by_icons": "{needs}: all from your icons",
    "burgrave.funded": "{needs}: {icons} from icons, pay {count} {res}",
    "burgrave.missing": "{needs}: {icons} from icons and {stock} {res}, {count} missing",
    "burgrave.trade_times.one": "Trade once",
    "burgrave.trade_times.other": "Trade {count} times",
    "burgrave.trade_detail.one": "{exchange}; {needs}; pay {count} silver",
    "burgrave.trade_detail.other": "{exchange}; {needs}; pay {count} silver",
    "burgrave.build_named": "Build a {building}",
    "burgrave.build_here": "Build the {building} on {spot}",
    "burgrave.place_named.one": "Place {count} worker in {section}",
    "burgrave.place_named.other": "Place {count} workers in {section}",
    "burgrave.transcribe_named_here": "Transcribe {name}",
    "burgrave.transcribe_named": "Transcribe {name} ({segment})",
    "burgrave.hire_free_named": "Hire the {name} ({segment})",
    "burgrave.hire": "Hire",
    "burgrave.hire_effect": "Its hire effect: {text}",
    "burgrave.keep_line": "Keep the line as it is",
    "burgrave.flip.debt": "Flip a debt",
    "burgrave.flip.deed": "Flip a deed",
    "burgrave.flip_detail.debt": "Paid: no −2 at the end, and 1 resource now",
    "burgrave.flip_detail.deed": "Approved: 3 points instead of 1",
    "burgrave.destroy_named": "Destroy the {name}",
    "burgrave.discard_named": "Discard the {name}",
    "burgrave.destroy_top": "Destroy the top card of your draw pile (unseen)",
    "burgrave.move_worker_named": "From {source} to {target}",
    "burgrave.bump_named": "{name}'s worker, tier {tier} of {section}",
    "burgrave.refund.tier1": "They get it back with 2 silver",
    "burgrave.refund.tier2": "They get it back with 1 virtue and 1 resource",
    "burgrave.pair_named": "{card} with {hero}",
    "burgrave.pair_detail": (
        "Start on space {space}; {items}; then {setup}. Hero {hero}: {hero_text}"
    ),
    "burgrave.pass.primary_action": "No primary action",
    "burgrave.pass.hire": "Don't hire",
    "burgrave.pass.destroy": "Don't destroy",
    "burgrave.pass.discard": "Don't discard",
    "burgrave.pass.hire_free": "Don't hire",
    "burgrave.pass.move_worker": "Don't move a worker",
    "burgrave.pass.build_free": "Don't build",
    "burgrave.pass.transcribe_free": "Don't transcribe",
    "burgrave.pass.other": "Skip",
    "burgrave.blocked.trade": (
        "Trade: the exchange here ({exchange}) needs more merchants; you have {icons} "
        "(criminals included) and {silver} silver."
    ),
    "burgrave.blocked.trade_one": (
        "Trade: the exchange here ({exchange}) needs merchant or criminal icons; silver cannot "
        "stand in for them."
    ),
    "burgrave.blocked.trade_destroy": "Trade: you may not destroy while you own only 3 cards.",
    "burgrave.blocked.trade_flip": "Trade: you have no debt or deed to flip.",
    "burgrave.blocked.no_spot": "Build: no free building spot on this bank.",
    "burgrave.blocked.all_built": "Build: all three of your {building}s are built.",
    "burgrave.blocked.build": "Build a {building}: {detail}.",
    "burgrave.blocked.no_workers": "Place workers: you have no workers left.",
    "burgrave.blocked.place": "Place workers: {detail}.",
    "burgrave.blocked.transcribe": "Transcribe {name}: {detail}.",
    "burgrave.blocked.transcribed": "Transcribe: only one manuscript per turn.",
    "burgrave.breakdown": "Points by category",
    "burgrave.score.category": "Category",
    "burgrave.score.total": "Total",
    "burgrave.score.buildings": "Buildings",
    "burgrave.score.workers": "Castle workers",
    "burgrave.score.manuscript_sets": "Manuscript sets",
    "burgrave.score.manuscript_points": "Manuscript points",
    "burgrave.score.castle_leader": "Castle leader",
    "burgrave.score.cleric_bonus": "Cleric bonus",
    "burgrave.score.debts": "Debts",
    "burgrave.score.deeds": "Deeds",
    "burgrave.score.poverty": "Poverty (most flipped deeds)",
    "burgrave.score.prosperity": "Prosperity (most flipped debts)",
    # ---- end of the Burgrave block ----
    # Shell
    "app.title": "Kingdoms",
    "app.tagline": "Two board games for one table: pass the tablet around.",
    "app.settings": "Settings",
    "app.home": "Home",
    "app.close": "Close",
    "app.cancel": "Cancel",
    "app.start_failed": "Kingdoms could not start: {detail}",
    # Home: games
    "home.games": "Games",
    "home.new_game": "New game",
    "home.new_game_of": "New game of {title}",
    "home.players_range": "{low}–{high} players",
    "home.players_exact.one": "{count} player",
    "home.players_exact.other": "{count} players",
    "home.coming_soon": "Coming soon",
    "home.coming_soon_hint": "This game is not ready to play yet.",
    "home.no_games": "No games are installed.",
    "home.games_failed": "The list of games could not be loaded.",
    "game.dice-realm.title": "Dice Realm",
    "game.dice-realm.blurb": "Roll six dice, recruit citizens and found villages.",
    "game.burgrave.title": "Burgrave",
    "game.burgrave.blurb": "Play cards, travel the town and raise your workers up the castle.",
    # Home: saved games
    "saves.title": "Saved games",
    "saves.empty": "No saved games yet. A game you start is saved here automatically.",
    "saves.corrupt": (
        "Your saved games could not be read (the stored data is damaged). "
        "They are left untouched; new games can still be saved."
    ),
    "saves.skipped.one": "{count} saved game could not be read and is not shown.",
    "saves.skipped.other": "{count} saved games could not be read and are not shown.",
    "saves.storage_unavailable": (
        "This browser does not let Kingdoms store data, so games and settings "
        "will not be kept after you close the page."
    ),
    "saves.write_failed": "The change could not be saved in this browser.",
    "saves.moves.one": "{count} move",
    "saves.moves.other": "{count} moves",
    "saves.open": "Open",
    "saves.open_named": "Open {title} with {players}",
    "saves.delete": "Delete",
    "saves.delete_named": "Delete {title} with {players}",
    "saves.delete_title": "Delete saved game?",
    "saves.delete_body": "{title} with {players} will be removed from this device.",
    "saves.delete_confirm": "Delete",
    # Home: share codes
    "code.title": "Open a share code",
    "code.label": "Share code or link",
    "code.hint": "Paste a code or a link someone sent you.",
    "code.submit": "Open",
    "code.empty": "Paste a share code first.",
    "code.error.corrupt": (
        "This code is damaged or incomplete. Check that you copied all of it and try again."
    ),
    "code.error.too_large": "This code is too long to be a game from Kingdoms.",
    "code.error.newer_format": (
        "This code comes from a newer version of Kingdoms. Reload the page to update, "
        "then open it again."
    ),
    "code.error.invalid": "This code does not describe a valid game.",
    "code.error.unknown_game": "This code is for a game this version of Kingdoms does not have.",
    "code.error.rules_version": (
        "This code was made with a different version of the rules, so it cannot be replayed here."
    ),
    "code.error.illegal_action": "This code contains a move that is not allowed (move {move}).",
    "code.error.illegal_action_unknown": "This code contains a move that is not allowed.",
    "code.error.other": "This code cannot be opened.",
    "code.error.unsupported": "Share codes cannot be opened in this version yet.",
    "code.link_error": "The link you opened contains a share code that cannot be used.",
    # Record (a loaded code or save)
    "record.heading": "Game details",
    "record.game": "Game",
    "record.players": "Players",
    "record.moves.one": "{count} move",
    "record.moves.other": "{count} moves",
    "record.moves_label": "Moves played",
    "record.bot": "{name} (computer)",
    "record.not_playable": (
        "This game cannot be played on this page yet. The code is valid and will open "
        "once the game is ready."
    ),
    # Saved games: continue, list details, rename, migration (web/kingdoms_web/shell/home.py)
    "saves.continue_heading": "Continue where you left off",
    "saves.continue": "Continue {title} with {players}",
    "saves.progress_next": "{moves} · {name} to play",
    "saves.progress_over": "{moves} · finished",
    "saves.last_played": "Last played",
    "saves.rename": "Rename",
    "saves.rename_named": "Rename {title} with {players}",
    "saves.rename_title": "Rename saved game",
    "saves.rename_label": "Name (leave empty to show the game's title)",
    "saves.rename_save": "Save name",
    "saves.newer": (
        "Your saved games were stored by a newer version of Kingdoms. They are shown but not "
        "changed; reload the page to update."
    ),
    "saves.unreadable.one": (
        "{count} saved game could not be read (it comes from an older version and could not be "
        "brought up to date); it is kept aside: {names}."
    ),
    "saves.unreadable.other": (
        "{count} saved games could not be read (they come from an older version and could not "
        "be brought up to date); they are kept aside: {names}."
    ),
    "saves.unreadable_item": "{name} ({why})",
    "saves.why.corrupt": "damaged",
    "saves.why.too_large": "too large",
    "saves.why.newer_format": "made by a newer version",
    "saves.why.invalid": "not a valid game",
    "saves.why.unknown_game": "unknown game",
    "saves.why.rules_version": "older rules",
    "saves.why.illegal_action": "contains an illegal move",
    "saves.why.unknown_schema": "unknown storage format",
    # Export and import (web/kingdoms_web/saves/transfer.py)
    "transfer.export": "Export all",
    "transfer.import": "Import from file",
    "transfer.export_failed": "The saved games could not be exported in this browser.",
    "transfer.too_large": (
        "This file is too large to be a Kingdoms export (the limit is {limit} MB)."
    ),
    "transfer.not_json": "This file is not a Kingdoms export (it is not valid JSON).",
    "transfer.not_ours": "This file is not a Kingdoms export.",
    "transfer.newer": (
        "This file was exported by a newer version of Kingdoms. Reload the page to update, "
        "then import it again."
    ),
    "transfer.too_many": "This file holds {count} games; at most {limit} can be imported at once.",
    "transfer.empty": "This file holds no saved games.",
    "transfer.no_code": "it holds no share code",
    "transfer.what": "{title} with {players}",
    "transfer.entry_imported": "Game {number}: {what}: imported as a new saved game.",
    "transfer.entry_duplicate": "Game {number}: {what}: already saved on this device, skipped.",
    "transfer.entry_failed": "Game {number}: not imported. {why}",
    "transfer.summary": "Import finished: {imported} imported, {duplicate} already here, "
                        "{failed} not imported.",
    # Summary of a shared game (before it is loaded)
    "record.status": "Status",
    "record.over": "Finished",
    "record.next": "{name} to play",
    "record.load": "Load this game",
    "record.load_note": (
        "Loading makes this a new saved game on this device; your other games are not changed."
    ),
    "record.already_saved": "This exact game is already saved on this device; loading opens it.",
    # Share (web/kingdoms_web/shell/share.py)
    "share.button": "Share",
    "share.title": "Share this game",
    "share.hint": (
        "Anyone who opens the link or pastes the code gets this game as it is now, on their own "
        "device."
    ),
    "share.link": "Link",
    "share.code": "Share code",
    "share.copy_link": "Copy link",
    "share.copy_code": "Copy code",
    "share.system": "Share…",
    "share.link_copied": "Link copied.",
    "share.code_copied": "Code copied.",
    "share.copy_failed": "Copying did not work here: select the text and copy it by hand.",
    "share.shared": "Shared.",
    "share.message": "A game of {title} in Kingdoms",
    "share.qr_alt": "QR code of the link to this game",
    "share.qr_drawing": "Drawing the QR code…",
    "share.qr_failed": "The link is too long for a QR code; copy it instead.",
    # Play by link
    "send.button": "Send to {name}",
    "send.message": "Your turn, {name}: a game of {title} in Kingdoms.",
    "send.shared": "Link sent. {name} can play on their own device.",
    "send.copied": "Link copied: send it to {name}, who can play on their own device.",
    "send.or": "Playing on separate devices? Send the link instead.",
    # Undo and redo (reasons: kingdoms.core.records.UNDO_REASONS)
    "undo.button": "Undo",
    "redo.button": "Redo",
    "undo.done": "Move taken back.",
    "redo.done": "Move played again.",
    "undo.refused_label": "Undo (not possible: {why})",
    "undo.why.ok": "You can undo the last move.",
    "undo.why.no_actions": "There is nothing to undo yet.",
    "undo.why.revealed": (
        "The last move revealed something new (a roll or a card), so it cannot be undone."
    ),
    "undo.why.other_seat": "The last move was in another player's turn, so it cannot be undone.",
    "undo.why.game_over": "The game is over, so the last move cannot be undone.",
    "play.tools": "Game tools",
    # History and replay (web/kingdoms_web/play/history.py)
    "history.button": "History",
    "history.title": "History",
    "history.empty": "No moves yet.",
    "history.entry": "{number}. {name}: {text}",
    "replay.open": "Watch the replay",
    "replay.heading": "Replay: {title}",
    "replay.slider": "Move",
    "replay.step": "Move {step} of {total}",
    "replay.start": "The game as it started.",
    "replay.first": "Start",
    "replay.prev": "Previous",
    "replay.next": "Next",
    "replay.last": "End",
    "replay.board": "The board at this move (read-only)",
    "replay.back": "Back",
    "replay.back_game": "Back to the game",
    # New game dialog
    "new.title": "New game",
    "new.game": "Game",
    "new.game_coming_soon": "{title} (coming soon)",
    "new.coming_soon": "{title} is coming soon and cannot be started yet.",
    "new.none_playable": "No game can be started yet.",
    "new.seats": "Number of players",
    "new.seat_name": "Name of player {number}",
    "new.default_name": "Player {number}",
    "new.start": "Start",
    "new.name_empty": "Enter a name for player {number}.",
    "new.name_too_long": "The name of player {number} is longer than {limit} characters.",
    "new.name_duplicate": "Players {first} and {second} have the same name.",
    "new.seats_out_of_range": "{title} is for {low} to {high} players.",
    # Settings
    "settings.title": "Settings",
    "settings.language": "Language",
    "settings.language_hint": "More languages are on the way.",
    "settings.saved": "Settings saved.",
    "settings.not_saved": "This browser does not let Kingdoms keep settings.",
    # Playing a game (the shell's game host)
    "play.turn": "{name}'s turn",
    "play.pass_title": "Pass the device to {name}",
    "play.pass_hint": "Only {name} should look at the screen now.",
    "play.pass_ready": "I am {name}",
    "play.refused": "That move is not allowed: {reason}",
    "play.save_failed": (
        "This game could not be saved in this browser (storage is full or blocked). "
        "You can keep playing, but it will be lost when you close the page."
    ),
    "play.game_failed": "This game could not be opened.",
    "play.end_title": "Game over",
    "play.winner": "{name} wins!",
    "play.shared_victory": "Shared victory: {names}",
    "play.scores": "Final scores",
    "play.total": "Total",
    "play.points.one": "{count} point",
    "play.points.other": "{count} points",
    "play.play_again": "Play again",
    "play.moves.one": "{count} move",
    "play.moves.other": "{count} moves",
    # Dice Realm
    "dice-realm.score.citizens": "Citizens",
    "dice-realm.score.villages": "Villages",
    "dice-realm.score.penalties": "Scoundrels",
    "dice-realm.score.dragons": "Dragons",
    "dice-realm.end.citizens": "The citizen draw pile ran out.",
    "dice-realm.end.penalties": "The last scoundrel was taken.",
    "dice-realm.end.village": "A village pile was emptied.",
    "dice-realm.colour.city": "City",
    "dice-realm.colour.mine": "Mine",
    "dice-realm.colour.workshop": "Workshop",
    "dice-realm.colour.orc": "Orc Village",
    "dice-realm.colour.forest": "Enchanted Forest",
    "dice-realm.village_card": "{colour} village ({value})",
    "dice-realm.ability.elf": "Elf",
    "dice-realm.ability.elf.reminder": "Your next turn: roll up to 4 times.",
    "dice-realm.ability.hypnotist": "Hypnotist",
    "dice-realm.ability.hypnotist.reminder": "Also take the citizen to its right.",
    "dice-realm.ability.apprentice": "Apprentice",
    "dice-realm.ability.apprentice.reminder": "Play another turn right away.",
    "dice-realm.ability.fairy": "Fairy",
    "dice-realm.ability.fairy.reminder": "Once a turn: flip a die to its opposite.",
    "dice-realm.ability.dragon": "Dragon",
    "dice-realm.ability.dragon.reminder": "Give it to another player.",
    "dice-realm.req.and": " + ",
    "dice-realm.req.kind": "{n} of a kind",
    "dice-realm.req.face": "{n} or more {face}s",
    "dice-realm.req.pairs": "{k} pairs",
    "dice-realm.req.triples": "{k} triples",
    "dice-realm.req.full_house": "Full house",
    "dice-realm.req.straight": "Straight of {n}",
    "dice-realm.req.sum_at_least": "total ≥ {s}",
    "dice-realm.req.sum_at_most": "total ≤ {s}",
    "dice-realm.req.all_even": "all even",
    "dice-realm.req.all_odd": "all odd",
    "dice-realm.glyph.even": "even",
    "dice-realm.glyph.odd": "odd",
    "dice-realm.board": "Dice Realm board",
    "dice-realm.market": "Villages and citizens",
    "dice-realm.village_pile": "{colour} villages",
    "dice-realm.village_next": "Next village: {value} points, {count} left",
    "dice-realm.village_empty": "No villages left",
    "dice-realm.village_left.one": "{count} left",
    "dice-realm.village_left.other": "{count} left",
    "dice-realm.points_short": "{value} pt",
    "dice-realm.empty_slot": "Empty",
    "dice-realm.citizen_label": (
        "{name}, {colour}, {value} points. Needs {requirement}.{ability}{village}{odds}{state}"
    ),
    "dice-realm.citizen_ability": " {ability}: {reminder}",
    "dice-realm.citizen_village": " Founds a {colour} village.",
    "dice-realm.citizen_odds": " Chance {percent}.",
    "dice-realm.citizen_met": " Met: tap to take.",
    "dice-realm.citizen_not_met": " Not met.",
    "dice-realm.founds": "+ village",
    "dice-realm.met": "Take",
    "dice-realm.draw_pile": "Draw pile",
    "dice-realm.discard_pile": "Discarded",
    "dice-realm.cards.one": "{count} card",
    "dice-realm.cards.other": "{count} cards",
    "dice-realm.penalty_pile": "Scoundrels",
    "dice-realm.penalty_top": "Top: {name} ({value})",
    "dice-realm.penalty_none": "None left",
    "dice-realm.dice": "Dice",
    "dice-realm.die_label": "Die {number}: {face}",
    "dice-realm.die_unrolled": "Die {number}: not rolled yet",
    "dice-realm.held": "Held",
    "dice-realm.roll_first": "Roll the dice",
    "dice-realm.dice_final": "Dice are final",
    "dice-realm.roll_again": "Re-roll {count}",
    "dice-realm.rolls_left.one": "{count} roll left",
    "dice-realm.rolls_left.other": "{count} rolls left",
    "dice-realm.roll_label": "{action} ({rolls})",
    "dice-realm.stop": "Stop",
    "dice-realm.stop_label": "Stop rolling and choose",
    "dice-realm.take_penalty": "Take a scoundrel",
    "dice-realm.take_penalty_label": (
        "Take a scoundrel: no citizen is met. The rightmost citizen is discarded."
    ),
    "dice-realm.hint.first": "Roll all six dice to start your turn.",
    "dice-realm.hint.hold": "Tap dice to hold them, then re-roll the rest, or stop.",
    "dice-realm.hint.choose": "Tap a lit citizen to take it.",
    "dice-realm.hint.penalty": "No citizen is met: you must take a scoundrel.",
    "dice-realm.hint.gift": "Give {card} to another player.",
    "dice-realm.flip": "Flip to {face}",
    "dice-realm.flip_label": "Fairy: flip die {number} from {face} to {opposite}",
    "dice-realm.fairy_reminder.one": "Fairy: you may flip {count} die to its opposite face.",
    "dice-realm.fairy_reminder.other": "Fairy: you may flip {count} dice to their opposite faces.",
    "dice-realm.elf_reminder": "Elf: you may roll up to four times this turn.",
    "dice-realm.elf_next": "Elf: 4 rolls next turn",
    "dice-realm.extra_turn": "Apprentice: you play another turn after this one.",
    "dice-realm.gift_title": "The dragon {card} must go to another player",
    "dice-realm.gift_to": "Give to {name}",
    "dice-realm.odds": "Odds",
    "dice-realm.odds_toggle": "Show odds",
    "dice-realm.odds_on": "Odds: on",
    "dice-realm.odds_off": "Odds: off",
    "dice-realm.odds_best": "Chance with best play",
    "dice-realm.odds_holding": "keeping held dice: {percent}",
    "dice-realm.odds_wait": "…",
    "dice-realm.events": "What happened",
    "dice-realm.this_turn": "This turn",
    "dice-realm.last_turn": "Last turn",
    "dice-realm.no_events": "Nothing yet.",
    "dice-realm.players": "Players",
    "dice-realm.score": "{score} points",
    "dice-realm.playing": "Playing",
    "dice-realm.realm_empty": "No cards yet",
    "dice-realm.fairies.one": "{count} fairy",
    "dice-realm.fairies.other": "{count} fairies",
    "dice-realm.event.roll": "{name} rolled {dice}.",
    "dice-realm.event.reroll": "{name} re-rolled {count}: {dice}.",
    "dice-realm.event.stop": "{name} stopped rolling.",
    "dice-realm.event.flip": "{name}'s Fairy turned a {before} into a {after}.",
    "dice-realm.event.claim": "{name} took {card} ({value}).",
    "dice-realm.event.found": "{name} founded a village: {card}.",
    "dice-realm.event.hypnotise": "{name} hypnotised {card} as well.",
    "dice-realm.event.extra_turn": "{name} plays again (Apprentice).",
    "dice-realm.event.penalty": "{name} took a scoundrel: {card} ({value}).",
    "dice-realm.event.discard": "{card} was discarded.",
    "dice-realm.event.gift": "{name} gave the dragon {card} to {target}.",
    "dice-realm.event.slide.one": "{count} citizen slid right.",
    "dice-realm.event.slide.other": "{count} citizens slid right.",
    "dice-realm.event.refill": "{card} joined the row.",
    "dice-realm.event.start": "{name} starts.",
    "dice-realm.end_realms": "Realms",
    "dice-realm.end_citizens": "Citizens",
    "dice-realm.end_villages": "Villages",
    "dice-realm.end_scoundrels": "Scoundrels",
    "dice-realm.end_dragons": "Dragons",
    "dice-realm.none": "none",
}

# language code -> catalog. Add "es": ES, "de": DE here when they exist.
CATALOGS: dict[str, Mapping[str, str]] = {
    "en": EN,
}

# Each language named in itself, so a user who cannot read the current one still finds theirs.
LANGUAGE_NAMES: dict[str, str] = {
    "en": "English",
}

_current: str = DEFAULT_LANGUAGE


class _KeepMissing(dict[str, object]):
    """Format mapping that leaves unknown ``{fields}`` visible instead of raising."""

    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


def _plural_category(language: str, count: object) -> str:
    """CLDR plural category for ``count``; ``one``/``other`` covers en, es and de."""
    del language  # all current and planned languages share this rule
    return "one" if count == 1 else "other"


def lookup(key: str, language: str | None = None) -> str | None:
    """The raw template for ``key`` in ``language``, falling back to English; None if unknown."""
    lang = language or _current
    for catalog_lang in (lang, DEFAULT_LANGUAGE):
        catalog = CATALOGS.get(catalog_lang)
        if catalog is not None and key in catalog:
            return catalog[key]
    return None


def t(key: str, /, **params: object) -> str:
    """The text for ``key`` in the current language with ``params`` filled in.

    If ``count`` is given and the catalog has ``key.one``/``key.other``, the plural form is used.
    An unknown key returns the key itself, so a missing translation is visible but never fatal.
    """
    template: str | None = None
    if "count" in params:
        category = _plural_category(_current, params["count"])
        template = lookup(f"{key}.{category}")
    if template is None:
        template = lookup(key)
    if template is None:
        return key
    if not params:
        return template
    try:
        return string.Formatter().vformat(template, (), _KeepMissing(params))
    except (ValueError, IndexError, AttributeError):
        # A malformed template in a catalog must not break the page.
        return template


def available_languages() -> list[tuple[str, str]]:
    """(code, name in its own language) for every language with a catalog, in a stable order."""
    return [(code, LANGUAGE_NAMES.get(code, code)) for code in CATALOGS]


def normalize_language(code: object) -> str | None:
    """The supported language matching ``code`` ("de-AT" -> "de"), or None."""
    if not isinstance(code, str) or not code:
        return None
    code = code.strip().lower().replace("_", "-")
    if code in CATALOGS:
        return code
    base = code.split("-", 1)[0]
    return base if base in CATALOGS else None


def pick_language(stored: object, preferred: Iterable[object] = ()) -> str:
    """The language to use: the stored setting if valid, else the browser's first match.

    >>> pick_language(None, ["xx-YY", "en-GB"])
    'en'
    """
    chosen = normalize_language(stored)
    if chosen:
        return chosen
    for code in preferred:
        chosen = normalize_language(code)
        if chosen:
            return chosen
    return DEFAULT_LANGUAGE


def set_language(code: object) -> str:
    """Switch the language used by :func:`t`; unsupported codes select English. Returns it."""
    global _current
    _current = normalize_language(code) or DEFAULT_LANGUAGE
    return _current


def get_language() -> str:
    """The language :func:`t` currently uses."""
    return _current


def game_title(game_id: str, fallback: str) -> str:
    """A game's display title: translated if the catalog has it, else the engine's title."""
    key = f"game.{game_id}.title"
    return t(key) if lookup(key) is not None else fallback
