"""The room as text: pure functions of the client's Table, for the room screen's parts.

Kept apart from Textual so each part can be checked directly; the room
screen only places them (and Textual redraws only the cells that changed).
"""

from __future__ import annotations

from dataclasses import dataclass

from rich import box
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table as Grid
from rich.text import Text

from client_cli.i18n import and_list, language
from client_cli.i18n import t as tr
from client_cli.rules_text import PRESETS, changed_lines, reason_words
from client_cli.table import Table
from client_cli.tui.look import big_cards, card_words, chip, chips, clock, face, large_cards
from client_cli.words import browser_link, result_words
from protocol import messages as m

OK = "green"
WAIT = "yellow"
DIM = "grey62"


@dataclass(frozen=True)
class Seen:
    """What a part needs besides the table."""

    url: str
    unicode: bool = True
    now_ms: int = 0
    """The server's clock now (clock events are in server time)."""
    connection: str = ""
    """'' when connected, else what is going on ("reconnecting…")."""


def names(t: Table) -> list[str]:
    room = t.room
    return [s.name or "" for s in room.seats] if room is not None else []


def who(t: Table, seat: int, you: bool = True) -> str:
    ns = names(t)
    name = ns[seat] if 0 <= seat < len(ns) and ns[seat] else tr("seat-n", seat=str(seat + 1))
    return tr("tui-name-you", name=name) if you and seat == t.seat else name


def subject(t: Table, seat: int) -> str:
    """A seat as the subject of a sentence: "You" for this client's own."""
    return tr("tui-you") if seat == t.seat else who(t, seat)


def listing(items: list[str]) -> str:
    if language() == "en" or len(items) <= 1:  # (English as it always was: no serial comma)
        return ", ".join(items[:-1]) + " and " + items[-1] if len(items) > 1 else "".join(items)
    return and_list(items)


def is_host(t: Table) -> bool:
    return t.room is not None and t.seat is not None and t.room.host == t.seat


# ----------------------------------------------------------------- head


def head(t: Table, seen: Seen, width: int) -> Text:
    """Two lines that stay in every phase: the room, and how friends get in."""
    room = t.room
    out = Text(no_wrap=True, overflow="ellipsis")
    out.append("krig", style="bold")
    if room is None or t.code is None:
        out.append("  " + tr("tui-head-no-room"))
        return out
    out.append("  " + tr("tui-head-room") + " ")
    out.append(room.code, style="bold cyan")
    out.append("  " + (PRESETS[room.preset].title if room.preset in PRESETS else room.preset))
    if room.state == "lobby":
        out.append("  " + tr("tui-head-waiting"), style=DIM)
    else:
        out.append("  " + tr("tui-head-game", game=room.game))
        tail = Text()
        if room.state == "over":
            tail.append(" " + tr("tui-head-over"), style="bold")
        elif t.phase in ("battle", "war"):
            trick = (t.tricks + 1) if t.phase == "battle" or t.war is None else t.war.trick
            tail.append("  " + tr("tui-head-trick", trick=trick))
            if t.phase == "war":
                tail.append("  " + tr("tui-war-bang"), style="bold red")
        won = "  " + tr("tui-head-won", score=score(t))
        if (
            any(room.wins)
            and room.state == "playing"
            and (
                out.cell_len + len(won) + tail.cell_len < width  # (the score gives way to the war)
            )
        ):
            out.append(won, style=DIM)
        out.append_text(tail)
    right = ""
    if seen.connection:
        right = f"[{seen.connection}]"
    elif t.seat is None:
        others = room.spectators - 1
        right = (
            tr("tui-head-you-watch-more", count=others) if others > 0 else tr("tui-head-you-watch")
        )
    elif room.spectators:
        right = tr("tui-head-watching", count=room.spectators)
    if right:
        pad = max(2, width - out.cell_len - len(right))
        out.append(" " * pad)
        out.append(right, style="bold yellow" if seen.connection else DIM)
    out.append("\n")
    out.append(tr("tui-head-invite") + " ", style=DIM)
    out.append(f"krig join {room.code}", style="bold")
    out.append("   " + tr("tui-head-browser") + " ", style=DIM)
    out.append(browser_link(seen.url, room.code), style="underline")
    return out


# ----------------------------------------------------------- waiting room


def waiting(t: Table, seen: Seen) -> Text:
    """The waiting room: the seats, who is ready, the rules in words, the room's settings."""
    room = t.room
    out = Text()
    if room is None:
        return out
    taken = sum(1 for s in room.seats if s.name)
    free = len(room.seats) - taken
    if free:
        out.append(tr("tui-wait-players", taken=taken, seats=len(room.seats)) + " ", style="bold")
        if is_host(t):
            out.append(tr("tui-wait-host-start"))
        else:
            out.append(tr("tui-wait-starts"))
    elif room.ready_checks:
        out.append(tr("tui-wait-full-ready"), style="bold")
    else:
        out.append(tr("tui-wait-full"), style="bold")
    out.append("\n\n")
    for i, seat in enumerate(room.seats):
        out.append(f" {i + 1}  ")
        if seat.name is None:
            out.append(tr("tui-seat-free") + "\n", style=DIM)
            continue
        label = who(t, i)
        out.append(f"{label:<20}", style="bold" if i == t.seat else "")
        tags = []
        if i == room.host:
            tags.append(tr("tui-tag-host"))
        if seat.bot:
            tags.append(tr("tui-tag-computer"))
        if not seat.connected:
            tags.append(tr("tui-tag-away"))
        out.append(f"{' · '.join(tags):<16}", style=DIM)
        if room.ready_checks:
            out.append(
                tr("tui-seat-ready") if seat.ready else tr("tui-seat-not-ready"),
                style=OK if seat.ready else WAIT,
            )
        out.append("\n")
    out.append("\n")
    p = PRESETS.get(room.preset)
    out.append(tr("tui-wait-rules") + " ", style="bold")
    out.append(p.title if p is not None else room.preset, style="bold cyan")
    if p is not None:
        out.append(f": {p.summary} ({p.source_words})")
    changes = changed_lines(room.preset, room.rules)
    if changes:
        out.append(tr("tui-wait-changed"))
    out.append("\n")
    for line in changes:
        out.append(f"  {line}\n")
    settings = [
        tr("tui-set-public") if room.public else tr("tui-set-private"),
        tr("tui-set-locked") if room.locked else tr("tui-set-open"),
        tr("tui-set-watchers") if room.spectating else tr("tui-set-no-watchers"),
        tr("tui-set-chat-on") if room.chat else tr("tui-set-chat-off"),
        tr("tui-set-ready") if room.ready_checks else tr("tui-set-seat-ready"),
        tr("tui-set-timer", seconds=room.turn_s) if room.turn_s else tr("tui-set-no-timer"),
    ]
    out.append(tr("tui-wait-room") + " ", style="bold")
    out.append(" · ".join(settings))
    return out


# ------------------------------------------------------------------ table


def pending(t: Table, seat: int) -> list[int | None]:
    """The cards a seat has laid in this war step, not shown yet: its face-down cards and
    the card it will turn up, all backs until every seat of the war has laid."""
    war = t.war
    if t.phase != "war" or war is None or seat not in t.awaiting or seat not in t.acted:
        return []
    held = t.counts[seat] if seat < len(t.counts) else 0
    down = max(0, min(war.down, held - 1))
    return [None] * (down + 1)


def cards_word(n: int) -> str:
    return tr("tui-n-cards", count=n)


def held(t: Table, seat: int) -> int:
    """The cards a seat holds as the table shows it: less those it has just laid."""
    count = t.counts[seat] if seat < len(t.counts) else 0
    return count - len(pending(t, seat))


def laid_cards(t: Table, seat: int) -> list[int | None]:
    """What lies in front of a seat: this trick's cards and what it has just laid (or,
    between tricks, the last trick's cards)."""
    shown = t.on_table if any(t.on_table) else t.last_table
    laid = list(shown[seat]) if seat < len(shown) else []
    return laid + pending(t, seat)


def _flip_state(t: Table, s: int, u: bool, wide: bool = False) -> Text:
    if t.phase in ("battle", "war") and s in t.awaiting:
        if t.hand_game:
            done, to_do = tr("tui-flip-played"), tr("tui-flip-to-play")
        else:
            done, to_do = tr("tui-flip-flipped"), tr("tui-flip-to-flip")
        if s in t.acted:
            if t.phase == "war" and not t.hand_game:
                done = tr("tui-flip-laid")
            return Text(f"✓ {done}" if u else done, style=OK)
        return Text(f"… {to_do}" if u else f"... {to_do}", style=f"bold {WAIT}")
    if wide and t.phase == "war" and s < len(t.active) and t.active[s]:
        return Text(tr("tui-flip-sits-out"), style=DIM)
    return Text()


def seat_panels(t: Table, seen: Seen, width: int) -> RenderableType:
    """The seats in framed panels with large cards (a large terminal): two seats one
    above the other, three or four in two columns; the seat to act is framed in colour."""
    room = t.room
    if room is None:
        return Text()
    u = seen.unicode
    n = len(room.seats)
    cols = 1 if n <= 2 else 2
    inner = max(16, (width - (cols - 1)) // cols - 4)
    panels: list[Panel] = []
    for s in range(n):
        mine = s == t.seat
        info = room.seats[s]
        out_of_game = s < len(t.active) and not t.active[s]
        count = held(t, s)
        line = Text(no_wrap=True, overflow="ellipsis")
        line.append(
            tr("tui-out-of-game") if out_of_game else cards_word(count),
            style=DIM if out_of_game else "",
        )
        flip = _flip_state(t, s, u, wide=True)
        if flip.plain:
            line.append("   ")
            line.append_text(flip)
        if not info.connected and not info.bot:
            line.append("   " + tr("tui-tag-away"), style=DIM)
        cards = laid_cards(t, s)
        if cards and not any(t.on_table) and t.phase in ("battle", "over"):
            line.append("   " + tr("tui-last-trick-note"), style=DIM)  # not of this trick
        body = Group(line, *(large_cards(cards, u, inner) if cards else [Text()] * 5))
        title = Text.assemble(
            (("▶ " if u else "> ") if mine else "", "bold cyan"),
            (who(t, s), "bold cyan" if mine else "bold"),
        )
        to_act = t.phase in ("battle", "war") and s in t.awaiting and s not in t.acted
        border = "bold yellow" if to_act else "cyan" if mine else "grey50"
        panels.append(
            Panel(body, title=title, title_align="left", border_style=border, width=inner + 4,
                  box=_box(u))
        )  # fmt: skip
    if cols == 1:
        return Group(*panels)
    grid = Grid.grid(padding=(0, 1))
    for _ in range(cols):
        grid.add_column()
    for i in range(0, n, cols):
        grid.add_row(*panels[i : i + cols])
    return grid


def seat_panels_height(t: Table) -> int:
    """The lines :func:`seat_panels` takes: 8 a panel, two panels a row from 3 seats."""
    n = len(t.room.seats) if t.room is not None else 0
    return 8 * (n if n <= 2 else (n + 1) // 2)


def _box(unicode: bool) -> box.Box:
    return box.ROUNDED if unicode else box.ASCII


def seats(
    t: Table, seen: Seen, width: int, big: bool = False, big_hand: bool | None = None
) -> Text:
    """Each seat: name, cards held, whether it still has to flip, its cards on the table
    (three lines a seat with ``big`` cards, else one); then an Arneson hand with its keys."""
    out = Text(no_wrap=True, overflow="ellipsis")
    room = t.room
    if room is None:
        return out
    u = seen.unicode
    for s in range(len(room.seats)):
        if s:
            out.append("\n")
        mine = s == t.seat
        marker = ("▶ " if u else "> ") if mine else "  "
        label = who(t, s)
        info = room.seats[s]
        if not info.connected and not info.bot:
            label += f" ({tr('tui-tag-away')})"
        count = held(t, s)
        out_of_game = s < len(t.active) and not t.active[s]
        cards_held = (
            Text(tr("tui-out-of-game"), style=DIM) if out_of_game else Text(cards_word(count))
        )
        flip = _flip_state(t, s, u)
        laid = laid_cards(t, s)
        name_style = "bold cyan" if mine else "bold"
        if big:
            lines = big_cards(laid, u, max(6, width - 22)) if laid else [Text()] * 3
            left = [
                Text.assemble((marker, "bold cyan"), (label[:18], name_style)),
                Text.assemble("  ", cards_held),
                Text.assemble("  ", flip),
            ]
            for i in range(3):
                if i:
                    out.append("\n")
                cell = left[i]
                cell.truncate(21, pad=True)
                out.append_text(cell)
                out.append(" ")
                out.append_text(lines[i])
            continue
        name_w = max(6, min(18, width - 2 - 10 - 11 - 10))
        line = Text.assemble((marker, "bold cyan"), (f"{label[:name_w]:<{name_w}}", name_style))
        cards_held.truncate(10, pad=True)
        flip.truncate(11, pad=True)
        line.append_text(cards_held)
        line.append_text(flip)
        line.append_text(chips(laid, u, max(4, width - line.cell_len)))
        line.truncate(width)
        out.append_text(line)
    if t.hand_game and t.seat is not None and t.phase in ("battle", "war") and t.hand:
        big_hand = big if big_hand is None else big_hand
        out.append("\n\n" if big_hand else "\n")
        keys = Text(tr("tui-your-hand") + ":  ", style="bold")
        if big_hand:
            lines = big_cards(list(t.hand), u, width)
            out.append_text(Text(tr("tui-your-hand"), style="bold"))
            for line in lines:
                out.append("\n")
                out.append_text(line)
            out.append("\n")
            for i in range(len(t.hand)):
                out.append(f" {i + 1} ".center(5), style="bold reverse" if t.my_turn else DIM)
                out.append(" ")
        else:
            out.append_text(keys)
            for i, c in enumerate(t.hand):
                out.append(f" {i + 1} ", style="bold reverse" if t.my_turn else DIM)
                out.append(" ")
                out.append_text(chip(c, u))
                out.append("  ")
    return out


def seats_height(t: Table, big: bool, big_hand: bool | None = None) -> int:
    """The lines :func:`seats` takes."""
    n = len(t.room.seats) if t.room is not None else 0
    hand = t.hand_game and t.seat is not None and bool(t.hand)
    big_hand = big if big_hand is None else big_hand
    return n * (3 if big else 1) + ((6 if big_hand else 2) if hand else 0)


def status(t: Table, seen: Seen) -> Text:
    """What is happening and what to do now, and the clock."""
    out = Text(no_wrap=True, overflow="ellipsis")
    if t.phase not in ("battle", "war") or t.room is None:
        return out
    if t.phase == "war":
        seats_in = t.war.seats if t.war is not None else t.awaiting
        down = t.war.down if t.war is not None else 0
        out.append(tr("tui-war-bang") + " ", style="bold red")
        tied = listing([subject(t, s) if i == 0 else who(t, s, you=False) if s != t.seat
                        else tr("tui-you-lower") for i, s in enumerate(seats_in)])  # fmt: skip
        rank = ""
        if t.last_reveal is not None:
            ups = [t.last_reveal.up[s] for s in seats_in if s < len(t.last_reveal.up)]
            if ups and ups[0] is not None:
                rank = _rank_words(ups[0])
        if rank:
            out.append(tr("tui-war-tied-rank", names=tied, rank=rank, down=down))
        else:
            out.append(tr("tui-war-tied", names=tied, down=down))
    elif t.last_trick is not None:
        tw = t.last_trick
        you = "yes" if tw.winner == t.seat else "no"
        took = tr("tui-took", you=you, name=who(t, tw.winner), total=tw.total)
        out.append(took, style="bold")
        if tw.wars:
            out.append(" " + tr("tui-after-war", rounds=tw.wars))
        out.append(".")
    else:
        game = t.room.game if t.room is not None else 1
        begin = tr("tui-begin-hand", game=game) if t.hand_game else tr("tui-begin", game=game)
        out.append(begin, style="bold")
    out.append("\n")
    if t.my_turn:
        if t.hand_game:
            n = len(t.hand)
            keys = "1" if n == 1 else f"1-{n}"
            out.append(tr("tui-turn-hand", keys=keys), style="bold green")
        else:
            out.append(tr("tui-turn-flip"), style="bold green")
    elif t.seat is not None and t.seat in t.awaiting and t.seat in t.acted:
        waiting_for = [who(t, s) for s in t.awaiting if s not in t.acted]
        out.append(
            tr("tui-waiting-for", names=listing(waiting_for))
            if waiting_for
            else tr("tui-revealing")
        )
    elif t.seat is not None and t.seat < len(t.active) and not t.active[t.seat]:
        out.append(tr("tui-you-out"), style=DIM)
    elif t.seat is not None and t.phase == "war":
        out.append(tr("tui-you-sit-out"), style=DIM)
    elif t.seat is None:
        waiting_for = [who(t, s) for s in t.awaiting if s not in t.acted]
        waits = " " + tr("tui-waiting-for", names=listing(waiting_for)) if waiting_for else ""
        out.append(tr("tui-watching") + waits)
    clocks = []
    if t.deadline_ms:
        clocks.append(tr("tui-clock-turn", time=clock(t.deadline_ms - seen.now_ms)))
    ends = t.game_ends_ms or (t.room.game_ends_ms if t.room is not None else 0)
    if ends:
        clocks.append(tr("tui-clock-game", time=clock(ends - seen.now_ms)))
    if clocks:
        out.append("   " + tr("tui-clock") + " ", style=DIM)
        out.append("  ".join(clocks), style="bold")
    return out


def _rank_words(code: int) -> str:
    r = code >> 2
    faces = {11: "tui-rank-jacks", 12: "tui-rank-queens", 13: "tui-rank-kings",
             14: "tui-rank-aces", 15: "tui-rank-jokers"}  # fmt: skip
    return tr(faces[r]) if r in faces else tr("tui-rank-n", n=str(r))


def trick_log(t: Table, seen: Seen, rows: int) -> Text:
    """The last tricks, newest last; a war is marked."""
    out = Text(no_wrap=True, overflow="ellipsis")
    out.append(tr("tui-log-title") + "\n", style="bold")
    if not t.tricks_log:
        out.append(tr("tui-log-none"), style=DIM)
        return out
    shown = t.tricks_log[-max(1, rows - 1) :]
    first = t.tricks - len(shown) + 1
    for i, tw in enumerate(shown):
        if i:
            out.append("\n")
        out.append(f"{first + i:>3} ", style=DIM)
        if tw.wars:
            times = "\u00d7" if seen.unicode else "x"
            out.append(f"{tr('tui-log-war')}{times}{tw.wars} ", style="bold red")
        mine = tw.winner == t.seat
        out.append(
            f"{who(t, tw.winner, you=False)} +{tw.total} ", style="bold cyan" if mine else ""
        )
        out.append_text(card_words(tw.face_up, seen.unicode))
    return out


def chat_line(t: Table, c: m.ChatSaid) -> Text:
    """One chat line: the name, then the text as typed (never markup)."""
    line = Text()
    mine = c.seat is not None and c.seat == t.seat
    line.append(c.name, style="bold cyan" if mine else "bold")
    if c.seat is None:
        line.append(" " + tr("tui-chat-watching"), style=DIM)
    line.append(": " + c.text)
    return line


def note_line(text: str) -> Text:
    return Text(text, style=DIM)


def chat(t: Table, rows: int, feed: list[Text], width: int = 40) -> Text:
    """The room's chat and comings and goings, in the order they happened, newest last:
    as many of the latest as fit in ``rows`` lines of ``width`` (long ones wrap)."""
    out = Text(no_wrap=False)
    out.append(tr("tui-chat-title"), style="bold")
    if t.room is not None and not t.room.chat:
        out.append(" " + tr("tui-chat-off"), style=DIM)
    shown: list[Text] = []
    left = rows - 1
    for line in reversed(feed):
        need = max(1, -(-line.cell_len // max(1, width)))
        if need > left:
            break
        shown.append(line)
        left -= need
    for line in reversed(shown):
        out.append("\n")
        out.append_text(line)
    if not feed:
        out.append("\n" + tr("tui-chat-hint"), style=DIM)
    return out


# -------------------------------------------------------------- game over


def reason_names(t: Table, seats: list[int], names: list[str] | None = None) -> str:
    """Who a game-over reason names: "you" first as the language's sentence has it there
    (English's subject "You"; Polish, Croatian and Latvian name who after a colon: "ty"),
    later in lower case."""
    said = [
        (tr("tui-you-reason") if i == 0 else tr("tui-you-lower")) if s == t.seat
        else (names[s] if names is not None else who(t, s))
        for i, s in enumerate(seats)
    ]  # fmt: skip
    return listing(said)


def game_over(t: Table, seen: Seen) -> Text:
    """The result from this viewer's side, standings, tricks and wars, and the rematch."""
    out = Text()
    r = t.result
    room = t.room
    if r is None or room is None:
        return out
    ns = [who(t, s, you=False) for s in range(len(room.seats))]
    headline = result_words(r.winners, r.result == "draw", t.seat, ns)
    winner = reason_names(t, r.winners) if r.winners else tr("tui-nobody")
    won = headline == tr("result-you-win")
    mark = "!" if won else "."
    style = "bold red" if headline.endswith(tr("result-you-lose")) else "bold"
    if won:
        style = "bold green"
    out.append(f"{headline}{mark} ", style=style)
    short = [s for s, why in t.out_reasons.items() if why == "short_war"]
    loser = reason_names(t, short, ns) or tr("tui-a-player")
    out.append(reason_words(r.reason, winner, room.rules, loser, sum(r.counts)) + ".")
    out.append("\n\n")
    order = sorted(range(len(r.counts)), key=lambda s: (-r.counts[s], s))
    place = 0
    last = None
    for i, s in enumerate(order):
        if r.counts[s] != last:
            place = i + 1
            last = r.counts[s]
        out.append(f" {place}. ", style="bold")
        out.append(f"{who(t, s):<20}", style="bold" if s == t.seat else "")
        out.append(tr("tui-over-cards", count=r.counts[s], n=f"{r.counts[s]:>3}"))
        wars_won = t.wars_won[s] if s < len(t.wars_won) else 0
        if wars_won:
            out.append("   " + tr("tui-over-wars-won", count=wars_won), style=DIM)
        out.append("\n")
    out.append("\n")
    fought = sum(t.wars_won)  # tricks with a war (a war of 2 rounds is one war)
    wars = tr("tui-over-wars", count=fought)
    if t.wars > fought:
        wars += " " + tr("tui-over-rounds", count=t.wars)
    if t.longest_war > 1:
        wars += tr("tui-over-longest", count=t.longest_war)
    out.append(tr("tui-over-tricks", count=t.tricks, wars=wars) + "\n")
    if any(room.wins):
        out.append(tr("tui-over-score") + " ", style="bold")
        out.append(score(t) + "\n")
    if r.set_aside:
        out.append(tr("tui-over-set-aside") + " ")
        out.append_text(card_words(r.set_aside, seen.unicode))
        out.append("\n")
    out.append("\n")
    players = [i for i, s in enumerate(room.seats) if s.name]
    ready = [i for i in players if room.seats[i].ready]
    out.append(tr("tui-rematch") + " ", style="bold")
    if not ready:
        ask = " " + tr("tui-rematch-ask") if t.seat is not None else ""
        out.append(tr("tui-rematch-nobody") + ask)
    else:
        wants = listing([who(t, s) for s in ready])
        many = "yes" if len(ready) > 1 or t.seat in ready else "no"
        out.append(tr("tui-rematch-wants", names=wants, many=many, ready=len(ready),
                      players=len(players)))  # fmt: skip
        if t.seat is not None and t.seat not in ready:
            out.append(" " + tr("tui-rematch-join"), style="bold green")
        elif len(ready) < len(players):
            missing = listing([who(t, s) for s in players if s not in ready])
            out.append(" " + tr("tui-waiting-for", names=missing))
        if t.seat is not None and t.seat in ready and len(ready) < len(players):
            out.append(" " + tr("tui-rematch-back"), style=DIM)
    out.append("\n")
    out.append(tr("tui-over-verify") + " ")
    out.append(f"krig verify {room.code} --game {room.game}", style="bold")
    out.append(tr("tui-over-verify-end"))
    return out


def score(t: Table) -> str:
    """The running score across rematches: ``ada (you) 2, bo 1``."""
    room = t.room
    if room is None:
        return ""
    wins = room.wins + [0] * (len(room.seats) - len(room.wins))
    return ", ".join(f"{who(t, s)} {wins[s]}" for s, seat in enumerate(room.seats) if seat.name)


def hand_keys(t: Table) -> str:
    n = len(t.hand)
    return "1" if n == 1 else f"1-{n}"


def card_text(code: int, unicode: bool) -> str:
    return face(code, unicode)


def is_out_error(msg: object) -> bool:
    """An error that puts this client out of its room: the room is gone (told unasked or
    as an action's answer), or the host took the seat where no one may watch."""
    if not isinstance(msg, m.Error):
        return False
    return msg.code == "room_gone" or (msg.code == "removed" and msg.id is None)
