"""Room transitions: pure functions that change one room record for one action.

The room service (``server.service``) loads a record, runs one transition
on it, and commits the result with a compare-and-set. Nothing here touches
Redis, a socket, a task or the clock: the time comes in as an argument
(``now_ms``) or as the ``updated_ms`` the service stamps on the record.

Every transition keeps these rules:

1. **A transition refuses before it changes the record.** It raises
   :class:`Refused` (an error code and a sentence) and the record is as it
   was; the service drops it either way.
2. **Every change a member may see is a room event.** Events are emitted
   with the room's next sequence number (``transition.emit``): one more per
   event, in one order for every member, never reused.
3. **A seat acts for itself only.** The acting player is the session's, never
   a seat or a player named in the message.
4. **Hidden cards stay hidden.** Events name only face-up cards and counts;
   hands, piles and face-down cards leave the record only through
   ``views``, for their own seat.
5. **An action id is applied once.** A retried id gets its first answer and
   changes nothing (``idempotency.once``).
6. **The same inputs give the same record.** A step of play applied live and
   the same step replayed from the room's tail (``tail``) give the same
   record on any node: the engine is deterministic and the time is the
   record's.
7. **Cards are conserved,** whatever the action (the engine's census).
8. **The result carries what the commit needs.** ``commit.settle`` reads the
   record once; the service never climbs back into it.

Modules, one idea each:

- ``state``        the room record and the steps of its tail (msgpack structs)
- ``transition``   an outcome, its events and their sequence numbers
- ``seats``        create a room; take, hold, leave and free a seat; ready
- ``host``         the host's controls: settings, computer players, start now
- ``play``         the deal, each flip or choice, the engine's events
- ``chat``         the room's chat
- ``timers``       computer delay, grace, turn timer, timed games, quick fill
- ``idempotency``  actions applied once
- ``wire``         the engine's events and refusals as protocol events and codes
- ``views``        everything per seat: room info, lobby rows, snapshots, hands
- ``tricks``       the trick log and the score a snapshot carries
- ``tail``         the room as its stored record with its tail of steps applied
- ``replay``       a finished game's events rebuilt from its deal and inputs
- ``history``      a store that went back in time: play goes on from what it holds
- ``commit``       what a commit needs, settled from the transition's result
- ``codes``        room codes; ``fairness``: committed, secure deals
"""

from server.errors import Refused
from server.rooms.chat import chat
from server.rooms.commit import game_record, settle
from server.rooms.history import rewound
from server.rooms.host import add_bot, configure, remove_seat, seat_bot, start
from server.rooms.idempotency import RECENT_ACTIONS, once, remember, remembered
from server.rooms.play import ABANDONED_INPUT, TIME_UP_INPUT, play, play_input, start_game
from server.rooms.seats import (
    bind,
    disconnect,
    distinct_name,
    join,
    leave,
    new_room,
    node_lost,
    rebind,
    rematch,
    set_ready,
    spectate,
)
from server.rooms.tail import rebuild, replay_step
from server.rooms.timers import (
    BOT_DELAY_MS,
    bot_delay_ms,
    next_due_ms,
    offline_since,
    seat_due_ms,
    tick,
)
from server.rooms.transition import (
    PLAY_EVENTS,
    REMOVED_KEPT,
    Commit,
    Outcome,
    Private,
    TransitionFn,
)
from server.rooms.views import entry, hand, room_info, rules_of, snapshot, summary, table_view
from server.rooms.wire import deal_revealed, wire_events

__all__ = [
    "ABANDONED_INPUT",
    "BOT_DELAY_MS",
    "PLAY_EVENTS",
    "RECENT_ACTIONS",
    "REMOVED_KEPT",
    "TIME_UP_INPUT",
    "Commit",
    "Outcome",
    "Private",
    "Refused",
    "TransitionFn",
    "add_bot",
    "bind",
    "bot_delay_ms",
    "chat",
    "configure",
    "deal_revealed",
    "disconnect",
    "distinct_name",
    "entry",
    "game_record",
    "hand",
    "join",
    "leave",
    "new_room",
    "next_due_ms",
    "node_lost",
    "offline_since",
    "once",
    "play",
    "play_input",
    "rebind",
    "rebuild",
    "rematch",
    "remember",
    "remembered",
    "remove_seat",
    "replay_step",
    "rewound",
    "room_info",
    "rules_of",
    "seat_bot",
    "seat_due_ms",
    "set_ready",
    "settle",
    "snapshot",
    "spectate",
    "start",
    "start_game",
    "summary",
    "table_view",
    "tick",
    "wire_events",
]
