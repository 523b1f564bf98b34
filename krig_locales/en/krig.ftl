### krig's words in English: the terminal client (krig), and the rules shared with the
### browser table. Every other catalogue has exactly these keys (tests/i18n checks it).
### Names, chat and room codes are passed in as they are and never translated.
### docs/TRANSLATING.md says how to add a language.

## The server's refusals: the wire carries a code, the client says its sentence.

error-bad_frame = The server could not read what krig sent.
error-too_large = That was too long for the server.
error-bad_message = The server did not accept that request.
error-unknown_type = This server does not know that action (an older server?).
error-unsupported_version = This server speaks another version of the krig protocol.
error-hello_first = The connection was not set up properly; try again.
error-bad_session = Your old session has expired; a new one is needed.
error-rate_limited = Too much at once: wait a moment and try again.
error-shutting_down = That server is shutting down; try again in a moment.
error-unknown_room = No room has that code. Check it with the host.
error-room_full = Every seat in that room is taken; you can watch it instead.
error-room_locked = The host has locked that room.
error-not_in_room = You are not in a room.
error-already_in_room = You are already in a room; leave it first.
error-not_host = Only the host can do that.
error-bad_rules = Those rules cannot be played.
error-not_ready = Not every player is ready yet.
error-spectating_off = The host does not allow watchers in that room.
error-seat_taken = That seat is taken.
error-removed = The host took your seat away, and the room allows no watchers.
error-chat_off = The host has turned the chat off.
error-not_started = The game has not started yet.
error-already_started = The game has already started.
error-game_over = The game is over.
error-not_a_player = Watchers cannot play.
error-seat_out = You are out of this game.
error-not_awaiting = It is not your turn.
error-already_acted = You have already played this turn.
error-wrong_action = That is not how this game is played (flip, or choose a card).
error-card_not_in_hand = That card is not in your hand.
error-stale_step = The table had moved on; look again.
error-waiting_for_store = The table is waiting for its store; trying again.
error-internal = The server failed; nothing was changed. Try again.
error-room_gone = The room is gone: the server no longer has it.
# A code this client does not know yet.
error-unknown = The server refused that.
# $detail: the server's own sentence (English), said only by the English client.
error-bad_rules-detail = Those rules cannot be played: { $detail }.
# $address: the server address as typed.
error-not-an-address = { $address } is not a server address; write it as ws://HOST:PORT/ws (or wss://, or the http(s):// address of the browser page)

## Results and names

# A seat without a name; $seat counts from 1.
seat-n = seat { $seat }
result-draw = Draw
# $names: the others who drew with you, a list.
result-draw-with = Draw with { $names }
result-draw-between = Draw between { $names }: you lose
result-you-win = You win
result-you-lose = You lose
result-wins = { $name } wins
result-game-over = Game over

## Line mode: one line per event (krig --lines, or when not on a terminal)

lines-reconnected = (reconnected; resuming)
# $sentence: a refusal's sentence (the error- entries above).
lines-server-says = server says: { $sentence }
lines-in-no-room = { $why }; you are in no room now
# $code: the room's code.
lines-room-gone = room { $code } is gone: it expired, or the server lost it
lines-your-hand = your hand: { $cards }  (type 1-{ $count } and Enter)
lines-your-turn = your turn: press Enter to flip
lines-choose-number = choose a number from 1 to { $count }
lines-type-number = type the number of a card
lines-session-ended = the session ended: { $why }
# $game: the game's number in the room; $counts: each seat's cards, as 26/26.
# krig replay: the record's first line, and the prompt after each trick.
replay-header = room { $code } game { $game } ({ $preset }): { $names }; commitment { $commitment }…
replay-next = {"  "}(Enter for the next trick)
event-game-starts = game { $game } starts: { $players } players, { $counts } cards
# One seat's card in a trick; $down: its face-down cards.
event-card = { $name } { $card }
event-card-down = { $name } { $card } (+{ $down } down)
# $trick: the trick's number; $shown: the cards (event-card, joined by commas).
event-trick = trick { $trick }: { $shown }
# $war: the war's round within the trick (1, 2…).
event-war-round = war { $trick }.{ $war }: { $shown }
event-war = WAR between { $names }: { $down } down, then one up
event-won = { $name } wins { $total } cards
# Added after event-won.
event-won-takes-back = ; { $name } takes back { $cards }
event-won-steals = ; steals from { $names }
event-shuffled = { $name } shuffles { $count } won cards into a new pile
# $reason: an out- entry below.
event-out = { $name } is out ({ $reason })
# $reason: an end- entry below; $counts: each seat's cards, as [52, 0].
event-game-over-draw = game over: draw between { $names } ({ $reason })
event-game-over-win = game over: { $name } wins ({ $reason }); cards { $counts }
event-deal-revealed = deal revealed: commitment { $commitment }… can now be checked
event-joined = { $name } sits at seat { $seat }
event-joined-bot = { $name } sits at seat { $seat } (computer)
event-left = { $name } left
event-disconnected = { $name } lost the connection
event-back = { $name } is back
# $text: the chat line, never translated.
event-chat = { $name }: { $text }
event-chat-watching = { $name } (watching): { $text }
# Why a seat is out, and why a game ended, in line mode. English prints the code
# itself (scripts read it); other languages say it in a few words.
out-no_cards = no cards
out-short_war = short war
end-all_cards = all_cards
end-short_war = short_war
end-exhausted_tie = exhausted_tie
end-time_limit = time_limit
end-wars_won = wars_won
end-round_cap = round_cap
end-cycle = cycle
end-abandoned = abandoned

## Why a game ended, as a sentence (the game over screen), without its full stop.
## A name stays as it is written, so a sentence that starts with one starts lowercase.

reason-all_cards = { $winner } took all { $cards } cards
reason-all_cards-any = { $winner } took all the cards
reason-short_war = { $loser } had too few cards to finish a war
reason-a-player = a player
reason-exhausted_tie = Everyone ran out of cards in a war
reason-time_limit = Time ran out, and most cards wins
reason-wars_won = { $winner } won { $wars } wars
reason-wars_won-any = { $winner } won enough wars
reason-round_cap = The trick limit ({ $tricks }) was reached, and most cards wins
reason-round_cap-any = The trick limit was reached, and most cards wins
reason-cycle = The game was repeating itself forever
reason-abandoned = Every player left, and most cards wins

## The rule options: rule-NAME is the option, rule-NAME-VALUE a value in words,
## rule-NAME-source where it comes from (docs/RULES.md's source column).
## Shared with the browser table (server/web/rules.js).

rule-players = Players
rule-players-n = { $n ->
    [one] { $n } player
   *[other] { $n } players
}
rule-players-source = NO/HR: 2; PL/SE: 2–4; LV: 2+
rule-jokers = Jokers in the deck
rule-jokers-0 = none
rule-jokers-n = { $n }, above the ace
rule-jokers-source = LV
rule-min_rank = Lowest card kept
rule-min_rank-2 = 2 (the full deck)
rule-min_rank-6 = 6 (36 cards)
rule-min_rank-9 = 9 (24 cards)
rule-min_rank-11 = jack
rule-min_rank-12 = queen
rule-min_rank-13 = king
rule-min_rank-14 = ace
rule-min_rank-source = LV
rule-war_down = Face-down cards in a war
rule-war_down-source = NO/HR/SE 3; PL 1; LV 0; SE "more or fewer"
rule-war_repeat = A tie within a war
rule-war_repeat-same = another war, face-down cards again
rule-war_repeat-face_up_only = broken with single face-up cards
rule-war_repeat-source = NO/PL/SE/LV; HR
rule-short_war = Too few cards for a war
rule-short_war-lose = that player loses at once
rule-short_war-last_card = plays what they have, the last card face up
rule-short_war-source = NO, PL, SE
rule-war_players = Who fights a war (3-4 players)
rule-war_players-tied_highest = the players tied for the highest card
rule-war_players-all_in_battle = everyone in the battle
rule-war_players-any_tied = any players whose cards tie, even low ones
rule-war_players-source = SE, PL, LV
rule-war_winner = Who can win a war
rule-war_winner-participants = the war's players
rule-war_winner-highest_card = the highest card on the table, anyone's
rule-war_winner-source = LV
rule-winnings = Won cards go
rule-winnings-under_pile = under your pile
rule-winnings-separate = to a winnings pile, shuffled in when the pile runs out
rule-winnings-source = NO/HR/SE; LV, NO alt.
rule-gather_order = Order of the won cards
rule-gather_order-winner_first = the winner's cards first, always
rule-gather_order-seat_order = in seat order, always
rule-gather_order-shuffled = shuffled, as a hand scoops them (from the dealt seed)
rule-gather_order-source = project
rule-steal = Steal War
rule-steal-false = off
rule-steal-true = the war's winner also takes a card from each loser
rule-steal-source = SE
rule-hand_size = Hand of cards to choose from (Arneson)
rule-hand_size-0 = none: flip the top card
rule-hand_size-source = HR
rule-loser_takes_tied = The war's loser takes back the tied cards
rule-loser_takes_tied-false = no
rule-loser_takes_tied-true = yes
rule-loser_takes_tied-source = HR
rule-time_limit_s = Time limit
rule-time_limit_s-0 = none
rule-time_limit_s-minutes = { $minutes } min
rule-time_limit_s-seconds = { $seconds } s
rule-time_limit_s-source = NO, SE
rule-wars_to_win = Wars won to win the game
rule-wars_to_win-0 = off
rule-wars_to_win-source = HR: 3
rule-max_tricks = Trick limit
rule-max_tricks-0 = none: play to the end (10,000 tricks at most)
rule-max_tricks-source = project
rule-detect_cycles = A game that repeats forever
rule-detect_cycles-true = ends as a draw (only without shuffles)
rule-detect_cycles-false = goes on to the cap
rule-detect_cycles-source = project (PL notes games can repeat)
# One rule with its value and its source.
rule-line = { $label }: { $value } ({ $source })
# A value typed on the command line that is not one (krig host --set NAME=VALUE).
rule-not-one-of = { $name } is one of { $choices }, not { $value }
rule-not-bool = { $name } is true or false, not { $value }
rule-not-number = { $name } is a whole number, not { $value }
rule-not-in-range = { $name } is from { $low } to { $high }, not { $value }

# The source texts (docs/RULES.md's seed keys), named by their language: beside a quote.
source-NO = Norwegian
source-PL = Polish
source-LV = Latvian
source-HR = Croatian
source-SE = Swedish

## The presets: preset-NAME-title is its name as shown, preset-NAME its summary.

preset-line = { $title }: { $summary } ({ $source })
preset-classic-title = classic
preset-classic = 3 face down in a war; short of cards loses
preset-classic-source = NO/HR/SE common core
preset-quick-title = quick
preset-quick = the 36-card deck, 6 to ace: shorter games
preset-quick-source = LV (36 cards: a shorter game)
preset-norwegian-title = norwegian
preset-norwegian = 3 down, lose when short, won cards under the pile
preset-norwegian-source = NO
preset-polish-title = polish
preset-polish = 1 down; everyone in the battle fights the war
preset-polish-source = PL
preset-latvian-title = latvian
preset-latvian = 2 jokers; wars face up; a winnings pile
preset-latvian-source = LV
preset-croatian-title = croatian
preset-croatian = later ties with face-up cards
preset-croatian-source = HR
preset-swedish-title = swedish
preset-swedish = short of cards: play what you have
preset-swedish-source = SE
preset-arneson-title = arneson
preset-arneson = choose from a hand of 3
preset-arneson-source = HR (Erik Arneson's variant)
preset-steal-title = steal
preset-steal = the war's winner steals a card
preset-steal-source = SE (Steal War)
preset-timed-title = timed
preset-timed = 15 minutes, then most cards wins
preset-timed-source = NO, SE (time-limit house rule)

## krig --help

cli-description =
    krig: play War from a terminal with friends, computer players, or both.

    Run krig alone on a terminal for the start screen (host, join, quick game,
    open rooms, watch); each of those is a command too. On a terminal the table
    is drawn full-screen; otherwise (or with --lines) krig prints one line per
    event. Space or Enter flips; in a hand game (Arneson) a number chooses that
    card; --auto plays by itself. The server comes from --url or KRIG_URL, by
    default the local one that "python3 dev.py krig-server serve" starts.
cli-epilog =
    examples:
      krig                          the start screen
      krig host --bots 1            play the computer now: the game starts at once
      krig host --preset arneson --seats 3 --set war_down=1
      krig join K7P-Q3X             take a seat
      krig watch K7P-Q3X            watch a game
      krig quick                    a seat in the next public game
      krig lobby                    the open rooms (krig rooms prints them)
      krig verify K7P-Q3X           check a finished game's fair deal
cli-usage = usage:{" "}
cli-positionals = positional arguments
cli-options = options
cli-help = show this help message and exit
cli-url = the server, ws://HOST:PORT/ws (or wss://; env KRIG_URL)
cli-url-short = the server
cli-name = your name at the table (default: $USER)
cli-name-short = your name at the table
cli-ascii = C D H S and plain lines instead of symbols
# $languages: the language codes krig speaks.
cli-lang = the language: { $languages } (env KRIG_LANG, else LC_ALL, LC_MESSAGES or LANG; default en)
cli-lines = line mode even on a terminal
cli-auto = play by yourself (one game)
cli-strategy = with --auto in a hand game: which card to play: lowest, highest, random, smart, hard, or your own function, path/to/bot.py:choose or package.module:choose (docs/BOTS.md)
cli-host = create a room, show its code, and play
cli-host-preset = the rules: { $presets } (krig-server presets shows them)
cli-host-set = change one rule of the preset (repeatable; docs/RULES.md lists them)
cli-host-seats = seats at the table: 2, 3 or 4
cli-host-bots = computer players to seat now (fewer than the seats)
cli-host-public = list the room in the open rooms
cli-host-ready-checks = every player says ready (otherwise taking a seat means ready)
cli-join = take a seat in a room by its code, and play
cli-join-code = the room's code, as the host got it
cli-watch = watch a room by its code
# The name of an argument in usage lines (krig join CODE).
cli-metavar-code = code
cli-metavar-source = source
cli-code = the room's code
cli-rooms = print the public rooms
cli-lobby = the open rooms, full-screen, to join or watch (elsewhere: as krig rooms)
cli-quick = a seat in the next public game (or a new one)
cli-quick-players = table size: 2, 3 or 4
cli-quick-preset = the rules
cli-bot = one headless seat in a room
cli-bot-strategy = instant / human (a pause first) flip; for hand games: lowest, highest, random, smart, hard, or your own function, path/to/bot.py:choose or package.module:choose
cli-bot-games = games to play in a row (a rematch after each)
cli-host-level = the computer players' level in hand games (hard counts cards)
cli-arena = bots play each other on a live server (every deal with the seats rotated) and a leaderboard ranks them
cli-arena-bots = strategies: lowest, highest, random, smart, hard, path/to/bot.py:choose, package.module:choose (one named twice plays itself)
cli-arena-games = games to play (rounded up to whole deals: one game per seat rotation)
cli-arena-players = seats a game: 2, 3 or 4
cli-arena-preset = the rules
cli-arena-set = change one rule of the preset (repeatable), e.g. max_tricks=500
cli-arena-seed = the first deal's seed
cli-arena-decide = the longest a bot may think (less when the room has a turn timer)
cli-arena-quiet = no progress bar
cli-arena-json = write the board and every game as JSON
cli-arena-csv = write the board as CSV
cli-verify = check a finished game's record with the protocol alone: its deal, events, result and inputs against what the server committed to (file or room code); krig-server verify also replays every trick
cli-verify-source = record file or room code
cli-game = with a room code: game number
cli-load = R rooms of P bots each; prints a report
cli-load-rooms = rooms played at once
cli-load-players = bots per room, 2-4
cli-load-duration = seconds
cli-load-preset = rule preset
cli-load-json = print the report as JSON
cli-load-rate = flips per second in all (default: flat out)
cli-load-warmup = leave the first S seconds (every game starting at once) out of the latency
cli-load-loop = event loop of the load generator (auto: uvloop where it is installed, else asyncio)
cli-load-processes = K load processes sharing the rooms and the rate, one merged report (a large run needs more than one core's worth of bots)
cli-replay = step through a finished game (a record file or a room code)
cli-replay-source = record file (krig-server record) or room code
cli-replay-step = wait for Enter after each trick
cli-replay-delay = seconds between tricks

## krig's own sentences: bad arguments and what a command prints

# What argparse found wrong, said again ($prog: krig, or krig host…).
cli-bad-arguments = { $prog }: { $text }.
    (see: { $prog } --help)
cli-missing = say the { $missing } too, as in: { $prog } { $upper }
cli-invalid-choice = { $value } is not one of: { $choices }
cli-not-a-number = { $option } takes a number, not { $value }
cli-expected-value = { $option } needs a value
cli-unknown-arguments = krig does not know { $arguments }
# $what: one of the cli-what- entries.
cli-what-seats = the number of seats
cli-what-bots = the number of computer players
cli-what-players = the number of players
cli-what-games = the number of games
cli-what-game = the game number
cli-what-rooms = the number of rooms
cli-what-processes = the number of load processes
cli-is-a-number = { $what } is a number, not { $value }
cli-is-from-to = { $what } is from { $low } to { $high }, not { $value }
# $values: the allowed values but the last, as "2, 3".
cli-is-one-of = { $what } is { $values } or { $high }, not { $value }
cli-no-preset = there is no preset { $value }; the presets are { $presets }
cli-option-form = write an option as name=value, not { $value }
cli-not-an-option = { $name } is not a rule option; they are { $known }
cli-not-an-option-players = { $name } is not a rule option (the seats set the players: --seats); they are { $known }
cli-name-length = a name has 1 to { $max } characters, not { $length }
cli-unknown-language = krig speaks { $languages }, not { $value }
cli-needs-terminal = krig: the start screen needs a terminal; say what to do instead (krig host, krig join CODE, krig quick, krig rooms, krig watch CODE; see krig --help)
cli-no-public-rooms = no public rooms
# One public room: $code, $preset, then seats taken of all, the state, the watchers.
# A public room's state (English prints the code itself: scripts read it).
cli-state-lobby = lobby
cli-state-playing = playing
cli-state-over = over
cli-room-row = { $code }  { $preset } { $taken }/{ $seats } seats  { $state }  { $watching } watching
cli-too-many-bots = krig host: --bots: with { $seats } seats there is room for at most { $most } computer players, not { $bots }.
cli-room-code = room code: { $code }   (friends: krig join { $code })
cli-joined-room = joined room { $code }
cli-said = krig: { $sentence }
cli-in-no-room = krig: { $why }; you are in no room now
cli-session-closed = krig: the server closed the session: { $why }
cli-timeout = krig: the server at { $url } did not answer in time
cli-unreachable = krig: cannot reach the server at { $url }: { $why }

## The deal check (client_cli/proof.py: krig verify and the terminal's v); $result, $reason are codes, $winners a list of seats

proof-checked-hash = the deal hashes to the commitment announced at the start ({ $commitment }…)
proof-checked-deck = the deal is exactly the rules' deck
proof-checked-tops = the first cards shown are the tops of the committed piles
proof-checked-events = the record's events hash to the digest of the events sent
proof-checked-result = the recorded result ({ $result }, winners { $winners }, { $reason }) is the game_over sent
proof-checked-inputs = the inputs are the actions the events announce (one per acted, same seat, same order{ $hand ->
    [yes] , each card the one that seat showed)
   *[no] )
  }
proof-not-checked = that each trick followed the rules from this deal (who won it, the wars, the cards gathered) and where the server's clock or the players' leaving ended the game: that needs the rules engine; `krig-server verify FILE` replays the whole game
proof-bad-hash = the revealed deal does not match the commitment
proof-bad-start = the game did not start with this commitment
proof-bad-revealed = the deal_revealed event is not the record's deal
proof-bad-deck = the revealed deal is not exactly the rules' deck
proof-bad-tops = the first cards shown are not the tops of the committed piles
proof-no-digest = the record has no digest of the events sent, so its events, result and inputs cannot be checked
proof-bad-events = the record's events are not the events sent during the game
proof-bad-end = the events sent do not end with one game_over
proof-bad-result = the recorded result ({ $result }, winners { $winners }, { $reason }) is not the game_over sent ({ $sent_result }, winners { $sent_winners }, { $sent_reason })
proof-inputs-odd = the inputs are cut short (an odd number of bytes)
proof-inputs-differ = the inputs are not the actions the events announce: { $inputs } inputs of players, { $acted } acted events{ $seats ->
    [yes] , the seats differ
   *[no] {""}
  }
proof-input-card = input { $k } chooses a card in a game without hands
proof-input-not-shown = input { $k } (seat { $seat }) is not the card that seat showed in step { $step }
