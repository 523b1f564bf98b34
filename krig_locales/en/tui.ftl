# The terminal app's screens (client_cli/tui): titles, key hints, notices, the forms.
# One bundle with krig.ftl; the words for War's moments are those of docs/TRANSLATING.md.
# Key hints stay short: a hint line is one line of an 80-column terminal.

## Errors that end a session
tui-error-closed = The server ended the session ({ $detail }).
tui-error-timeout = The server did not answer in time.
tui-error-unreachable = Cannot reach the server ({ $detail }).
tui-error-other = Something went wrong: { $detail }

## Keys (the hint line at the bottom)
tui-arrows-updown = up/down
tui-arrows-leftright = left/right
tui-key-choose = choose
tui-key-go = go
tui-key-shortcuts = shortcuts
tui-key-quit = quit
tui-key-choose-setting = choose a setting
tui-key-change = change it
tui-key-back = back
tui-key-create = create the room
tui-key-find = find a game
tui-key-join = join
tui-key-watch = watch
tui-key-keep = keep it

## The start screen
tui-start-title = krig · War, the card game, with friends
tui-menu-computer = Play the computer now: classic War, one computer player, no wait
tui-menu-host = Host a game: choose the rules, invite friends or computer players
tui-menu-join = Join a game by its code
tui-menu-quick = Quick game: a seat in the next public game
tui-menu-lobby = Open rooms: the public games, to join or watch
tui-menu-watch = Watch a game by its code
tui-menu-name = Change your name
tui-menu-quit = Quit krig
tui-start-browser = Friends without krig can play in a browser: the waiting room shows the link.
# $name: the player's name; $url: the server's address
tui-start-who = You are { $name }, playing on { $url }.

## The host form and the quick game form
tui-host-title = Host a game: the table and its rules
tui-form-game = The game
tui-form-room = The room
tui-form-rules = Rules
# $source: where a rule comes from (rule-*-source, preset-*-source)
tui-form-source = source: { $source }
# $source: the source text's language ("Polish"); $text: its own sentence, as written
tui-form-quote = { $source }: “{ $text }”
tui-form-seats = Seats at the table
tui-form-n-seats = { $count ->
    [one] { $count } seat
   *[other] { $count } seats
}
tui-form-seats-note = you and up to 3 others; computer players can fill them
tui-form-bots = Computer players to seat now
tui-form-bots-none = none
tui-form-bots-note = a computer in every other seat starts the game at once; more can be added, or the empty seats filled, from the waiting room
tui-form-level = Computer players' level
tui-level-easy = easy
tui-level-normal = normal
tui-level-hard = hard
tui-form-level-note = easy plays by lot; normal low in a battle, high in a war; hard counts the cards (hand games)
tui-form-public = Listed in the open rooms
tui-form-public-yes = yes: anyone may join
tui-form-public-no = no: only with the code
tui-form-ready = Ready checks
tui-form-ready-yes = every player says ready
tui-form-ready-no = taking a seat means ready
tui-form-too-many-bots = With { $seats } seats there is room for at most { $most } computer players.
tui-group-wars = Wars
tui-group-deck = The deck
tui-group-won = Won cards
tui-group-arneson = Arneson: a hand to choose from
tui-group-repeats = A game that repeats
tui-quick-title = Quick game: a seat in the next public game of these rules
tui-quick-note = computer players fill a table that does not fill up in time
tui-quick-players = Players
tui-quick-n-players = { $count ->
    [one] { $count } player
   *[other] { $count } players
}

## Join or watch by code, the name
tui-code-join-title = Join a game
tui-code-watch-title = Watch a game
tui-code-hint = The room's code, as the host got it (like K7P-Q3X):
tui-code-placeholder = code
tui-code-empty = Type the room's code first.
tui-name-title = Your name at the table
tui-name-hint = 1 to 32 characters; others at the table see it.
tui-name-empty = A name needs at least one character.

## Open rooms
tui-lobby-title = Open rooms
tui-lobby-code = code
tui-lobby-rules = rules
tui-lobby-seats = seats
tui-lobby-state = state
tui-lobby-watching = watching
tui-lobby-lobby = waiting
tui-lobby-playing = playing
tui-lobby-over = over
tui-lobby-taken = { $taken } of { $players }
tui-lobby-empty = No open rooms right now: host one, or start a quick game.

## The host's settings in the waiting room
tui-settings-title = Rules and room settings (for the next game)
tui-key-apply = apply
tui-settings-turn = Turn timer
tui-settings-turn-s = { $seconds } s
tui-settings-turn-note = a player who has not flipped in time is played for
tui-settings-watchers = Watchers
tui-settings-allowed = allowed
tui-settings-not-allowed = not allowed
tui-settings-locked = Locked
tui-settings-locked-yes = yes: no new players
tui-settings-locked-no = no: anyone with the code may sit
tui-settings-chat = Chat
tui-yes = yes
tui-on = on
tui-off = off

## The room screen: keys, notices, the leave box, removing a seat, the deal check
tui-room-reconnecting = connection lost: reconnecting…
tui-room-fatal = The server ended the session: { $detail }.
tui-key-send = send
tui-key-close-chat = close the chat line
tui-key-choose-card = choose a card
tui-key-flip = flip
tui-key-unlock = unlock
tui-key-lock = lock
tui-key-start = start
tui-key-add-bot = +computer
tui-key-remove = remove
tui-key-rules = rules
tui-key-not-ready = not ready
tui-key-ready = ready
tui-key-unrematch = take back the rematch
tui-key-rematch = rematch
tui-key-verify = check the deal
tui-key-chat = chat
tui-key-leave = leave
tui-key-stop-watching = stop watching
tui-room-seat-freed = The host freed your seat: you are watching now.
# $keys: the hand's keys ("1-3")
tui-room-hand-keys = { $count ->
    [one] Your hand has { $count } card: press { $keys }.
   *[other] Your hand has { $count } cards: press { $keys }.
}
tui-room-host-only = Only the host can do that.
tui-room-nobody-seated = Nobody else is seated yet.
tui-room-chat-placeholder = say something (Enter sends, Esc closes)
tui-leave-title = Leave this game?
tui-leave-note = The game goes on without you: the server plays your seat.
tui-leave-leave = leave the room, back to the start screen
tui-leave-quit = quit krig
tui-leave-stay = stay and play on
tui-remove-title = Remove which seat? (Enter removes, Esc keeps them)
tui-remove-seat = seat { $n }: { $name }
tui-verify-checking = Checking the deal of game { $game }…
tui-verify-bad = The record does not hold up:
tui-verify-good = Checked, and it holds:
tui-verify-not-checked = Not checked here: { $what }.
tui-verify-shell = From a shell:
tui-verify-esc = Esc closes.

## The table (client_cli/tui/view.py)
# $name: a player's name
tui-name-you = { $name } (you)
tui-you = You
tui-you-lower = you
# "you" first in a game-over reason (reason-* of krig.ftl): its subject in English
tui-you-reason = You
tui-nobody = nobody
tui-a-player = a player
tui-head-no-room = (no room)
tui-head-room = room
tui-head-waiting = waiting for players
tui-head-game = game { $game }
# $score: "ada (you) 2, bo 1"
tui-head-won = (won: { $score })
tui-head-over = over
tui-head-trick = trick { $trick }
tui-head-you-watch = you are watching
tui-head-you-watch-more = you are watching with { $count } more
tui-head-watching = { $count } watching
tui-head-invite = Invite:
tui-head-browser = browser:
tui-wait-players = Waiting for players: { $taken } of { $seats } seats taken.
tui-wait-host-start = Start now (s) and computer players take the empty seats.
tui-wait-starts = The game starts when the table is full, or when the host starts it.
tui-wait-full-ready = Every seat is taken: the game starts when everyone is ready.
tui-wait-full = Every seat is taken: the game is starting.
tui-seat-free = free
tui-tag-host = host
tui-tag-computer = computer
tui-tag-away = away
tui-out-of-game = out of the game
tui-last-trick-note = (the last trick)
tui-seat-ready = ready
tui-seat-not-ready = not ready
tui-wait-rules = Rules:
tui-wait-changed = , changed:
tui-wait-room = Room:
tui-set-public = public (in the open rooms)
tui-set-private = private (by code)
tui-set-locked = locked
tui-set-open = open to players
tui-set-watchers = watchers allowed
tui-set-no-watchers = no watchers
tui-set-chat-on = chat on
tui-set-chat-off = chat off
tui-set-ready = ready checks
tui-set-seat-ready = a seat means ready
tui-set-timer = turn timer { $seconds } s
tui-set-no-timer = no turn timer
tui-n-cards = { $count ->
    [one] { $count } card
   *[other] { $count } cards
}
tui-flip-played = played
tui-flip-to-play = to play
tui-flip-flipped = flipped
tui-flip-to-flip = to flip
tui-flip-laid = laid
tui-flip-sits-out = sits this war out
tui-your-hand = Your hand
tui-war-bang = WAR!
# $names: who tied; $down: the cards each lays face down
tui-war-tied = { $names } tied: { $down ->
    [0] one card up each.
   *[other] { $down } face down, then one up.
}
# $rank: the tied rank in words (tui-rank-*)
tui-war-tied-rank = { $names } tied with { $rank }: { $down ->
    [0] one card up each.
   *[other] { $down } face down, then one up.
}
tui-rank-jacks = jacks
tui-rank-queens = queens
tui-rank-kings = kings
tui-rank-aces = aces
tui-rank-jokers = jokers
tui-rank-n = { $n }s
# $you: "yes" when the winner is this player
tui-took = { $you ->
    [yes] You took { $total } cards
   *[no] { $name } took { $total } cards
}
tui-after-war = { $rounds ->
    [1] after a war
   *[other] after a war of { $rounds } rounds
}
tui-begin = Game { $game }: everyone flips, the highest card takes the trick.
tui-begin-hand = Game { $game }: everyone chooses a card, the highest card takes the trick.
tui-turn-hand = Your turn: choose a card ({ $keys }).
tui-turn-flip = Your turn: press Space to flip.
tui-waiting-for = Waiting for { $names }.
tui-revealing = Revealing…
tui-you-out = You are out of this game; watching it to the end.
tui-you-sit-out = You sit this war out.
tui-watching = Watching.
tui-clock-turn = turn { $time }
tui-clock-game = game { $time } left
tui-clock = clock:
tui-log-title = Tricks
tui-log-none = none yet
tui-log-war = WAR
tui-chat-title = Chat
tui-chat-watching = (watching)
tui-chat-off = (off)
tui-chat-hint = press c to say something

## Game over
# $n: the count, padded to 3 columns
tui-over-cards = { $count ->
    [one] { $n } card
   *[other] { $n } cards
}
tui-over-wars-won = { $count ->
    [one] { $count } war won
   *[other] { $count } wars won
}
tui-over-wars = { $count ->
    [one] { $count } war
   *[other] { $count } wars
}
tui-over-rounds = ({ $count } rounds)
tui-over-longest = ; the longest went { $count } rounds
# $wars: tui-over-wars (and rounds)
tui-over-tricks = { $count } tricks and { $wars }.
tui-over-score = Games won in this room:
tui-over-set-aside = Set aside at the deal:
tui-rematch = Rematch:
tui-rematch-nobody = nobody has asked yet.
tui-rematch-ask = Press r to ask.
# $many: "yes" unless one other player asked
tui-rematch-wants = { $many ->
    [yes] { $names } want one ({ $ready } of { $players }).
   *[no] { $names } wants one ({ $ready } of { $players }).
}
tui-rematch-join = Press r to join in.
tui-rematch-back = Press r to take yours back.
tui-over-verify = Check the deal was fair: press v (or run
tui-over-verify-end = ).
tui-keyname-space = space

## Comings and goings in the chat
tui-seat-joined = { $name } sat down
tui-seat-joined-bot = { $name } sat down (computer)
tui-seat-left = { $name } left
tui-seat-lost = { $name } lost the connection
tui-seat-back = { $name } is back
