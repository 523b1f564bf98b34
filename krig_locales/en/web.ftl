# The browser page's own sentences (server/web/), English: the reference.
# The page also uses krig.ftl's shared keys (result-*). Names, chat, room codes and card
# codes (K♠) are never translated. $n, $total, $count… are numbers; $names a list of names.

web-title = krig: War with friends
web-language = Language
web-home = krig home
web-playing-as = Playing as { $name }
web-connected = Connected
web-reconnecting = Reconnecting…
web-connecting = Connecting…
web-rename = Your name: { $name }. Change it
web-rename-unset = Your name: not set. Change it
web-your-name = Your name
web-sound-on = ♪ Sound on
web-sound-off = ♪ Sound off

## The room

web-room = Room
web-stop-watching = Stop watching
web-leave = Leave the room
web-seats-n = { $n } seats
web-watching = watching
web-spectators-title = people watching
web-spectators = { $n } watching
web-locked = locked
web-listed = listed
web-score-label = Games won in this room
web-games-won = Games won
web-invite = Invite friends
web-invite-link = Invite link
web-copied = Copied ✓
web-copy = Copy link
web-share = Share…
web-tag-you = you
web-tag-host = host
web-tag-computer = computer
web-tag-away = away
web-empty-seat = Empty seat
web-seat-n = seat { $n }
web-rules = Rules
web-turn-timer = Turn timer
web-seconds = { $n } s
web-off = off

## The table

web-card-name = { $rank ->
    [11] jack
    [12] queen
    [13] king
    [14] ace
   *[other] { $rank }
  } of { $suit ->
    [0] clubs
    [1] diamonds
    [2] hearts
   *[3] spades
  }
web-card-red-joker = red joker
web-card-black-joker = black joker
web-card-down = face-down card
web-the-table = The table
web-seats = Seats
web-war-banner = WAR!
web-trick-no = Trick { $n }:
web-state-out = out
web-state-your-turn = your turn
web-state-to-flip = to flip
web-state-flipped = flipped
web-state-watching-war = watching the war
# $you: yes for the viewer's own seat; $held: the seat's cards
web-seat-label = { $name }{ $you ->
    [yes] {" "}(you)
   *[no] {""}
  }: { $held } cards
web-seat-label-winnings = ({ $pile } in the pile, { $winnings } won)
web-pile = pile
web-cards = cards
web-won = won
web-on-table = { $name }'s cards on the table
web-game-over-line = The game is over.
web-game-over = The game is over
web-dealt = The cards are dealt.
web-all-down = Every card is down…
web-all-down-reveal = Every card is down: the reveal is coming.
web-waiting-for = Waiting for { $names }.
web-waiting-to-flip = Waiting for { $names } to flip.
web-waiting-to-choose = Waiting for { $names } to choose a card.
web-you-are-out = You are out of cards: watching { $names } play on.
web-sit-out = You sit this one out.
# $how: one of the next five
web-your-turn = Your turn: { $how }.
web-how-choose = choose a card ({ $keys })
web-tap-it = tap it
web-keys = keys 1–{ $n }
web-tap-flip = tap Flip
web-press-space = press Space
web-press-space-or-flip = press Space or Flip
web-flip-your-card = flip your card (Space)
web-clock-flip = { $n } s to flip
web-clock-choose = { $n } s to choose
web-game-ends-in = Game ends in
web-watching-hint = You are watching. Only the players can flip.
web-lay-down = Lay { $n } down, 1 up
web-flip-war = Flip for the war
web-flip = Flip
web-flipped = Flipped
web-hand-label = Your hand: choose a card (keys 1 to { $n })
web-play-card = Play { $card } (key { $key })
web-last-tricks = Last tricks
web-log-empty = Nothing yet: the first trick is on the table.
web-war-tag = WAR
web-log-you-take = You take { $total }
web-log-takes = { $name } takes { $total }
web-you = You
web-you-lower = you
# "you" first in a tie or a game-over reason: the subject in English; Polish, Croatian and Latvian name who after a colon
web-you-first = You
# "Ada, Bo and Cy": $head is every name but the last, joined by commas
web-list = { $head } and { $last }
web-say-started = The game has started.
web-say-tap-to-flip = Tap Flip to flip.
web-say-press-to-flip = Press Space to flip.
web-say-war-cards = War cards
web-say-revealed = Revealed
# a rank in the plural: 2 to 10, then 11 jacks, 12 queens, 13 kings, 14 aces, 15 jokers
web-rank-plural = { $rank ->
    [11] jacks
    [12] queens
    [13] kings
    [14] aces
    [15] jokers
   *[other] { $rank }s
  }
web-tied = { $names } tied
web-tied-with = { $names } tied with { $rank }
web-war-lay = { $n } face down, then one up.
web-war-one-up = one card up each.
web-trick-you-take = You take { $total }
web-trick-takes = { $name } takes { $total }
web-trick-after-wars = after { $wars ->
    [one] a war
   *[other] { $wars } wars
  }
web-trick-with-over = with { $card } over { $others }

## Game over

web-nobody = nobody
web-a-player = a player
web-reason-all_cards = { $winner } took all { $cards } cards
web-reason-short_war = { $loser } had too few cards to finish a war
web-reason-exhausted_tie = everyone ran out of cards in a war
web-reason-time_limit = time ran out, and most cards wins
web-reason-wars_won = { $winner } won { $wars } wars
web-reason-round_cap = the trick limit ({ $tricks }) was reached, and most cards wins
web-reason-cycle = the game was repeating itself forever
web-reason-abandoned = every player left, and most cards wins
web-col-place = Place
web-col-player = Player
web-col-cards = Cards
web-col-wars-won = Wars won
web-stats = { $tricks } tricks · { $wars } { $wars ->
    [one] war
   *[other] wars
  }
web-longest-war = longest war
web-in-a-row = { $n } in a row
web-none = none
web-rematch-want = { $names } { $count ->
    [one] wants
   *[other] want
  } a rematch: { $n } of { $of }.
web-rematch-you = { $names } want a rematch: { $n } of { $of }.
web-rematch-nobody = Nobody has asked for a rematch yet ({ $n } of { $of }).
web-rematch-waiting = Waiting for { $names }…
web-watch-again = Watch this game again
web-copy-the-link = Copy the link
web-starting = Starting…
web-play-again = Play again
web-take-back = Take it back
web-check-deal = Check the deal
web-waiting-deal = Waiting for the deal…
web-deal-fair = The deal was fair.
web-deal-bad = The deal does not check out.

## Chat

web-chat = Chat
web-say-something = Say something
web-chat-title = Enter sends; Esc goes back to the table (Space flips)
web-send = Send
web-chat-off = The host turned the chat off.

## Connection and name

web-not-connected = Not connected: try again in a moment.
web-connection-lost = Connection lost.
web-trying-again = Trying again in { $n } s…
web-seat-kept = Your seat is kept for you.
web-try-now = Try now
web-dismiss = Dismiss
web-change-name = Change your name
web-welcome = Welcome to krig
web-invited-by = You are invited to { $name }'s table (room { $code }).
web-invited = You are invited to room { $code }.
web-call-you = What should the table call you?
web-name-example = e.g. Ada
web-join-table = Join the table
web-lets-play = Let's play
web-cancel = Cancel
web-remembered = Remembered in this browser.
web-next-room = A new name takes effect in your next room.

## The home page

web-hero = War, with friends
web-lead = The card game of pure luck, played in the browser: everyone flips at once, ties mean war. Five countries' rules, 2 to 4 players, computer players when you are short.
web-host-game = Host a game
web-players = Players
web-round-cap = Round cap
web-cap-after = After { $n } tricks, most cards wins.
web-cap-none = None: the game goes on until one player has every card.
web-every-rule = Every rule, in words
web-list-it = List it in the open rooms
web-ready-checks-long = Ready checks (players must say they are ready)
web-create-room = Create the room
web-play-computer = Play the computer now
web-join-friend = Join a friend
web-room-code = Room code
web-take-seat = Take a seat
web-watch = Watch
web-quick-game = Quick game
web-quick-hint = Sit down at a public table; computer players fill it if nobody comes.
web-find-table = Find a table
web-open-rooms = Open rooms
web-lobby-empty = No public rooms right now. Host one, or find a quick game.
web-join = Join
web-n-players = { $n } players

## Banners, offers and the way back to a room

web-other-tab = This seat was opened in another tab or window; this one stopped. Reload to take it back.
web-share-title = krig: play War with me
web-share-text = Join my game of War (room { $code })
web-back-to-table = Back to the table
web-joining = Joining
web-in-room = room { $code }
web-offer-started = The game in room { $code } is under way.
web-offer-full = Room { $code } is full.
web-offer-locked = The host has locked room { $code }.
web-offer-watch-it = Watch it?
web-watch-game = Watch the game
web-back-home = Back home
# $host and $public are the server's options, shown as code
web-local-hint = This server listens on this computer only: start it with { $host } (or { $public }) so friends elsewhere can open the link.

## The rules on the host form

web-source = Source: { $source }
web-source-project = krig's own: the sources are silent
web-source-usual = the usual deck
web-presets-value = preset's: { $value }
web-group-deck = The deck
web-group-wars = Wars
web-group-won = Won cards
web-group-end = How a game ends
web-lobby-seats = { $taken }/{ $players } seats
web-lobby-lobby = waiting
web-lobby-playing = playing
web-lobby-over = over

## The waiting room and the host's controls

web-waiting-ready = Waiting for { $names } to be ready.
# $host: yes when the viewer is the host (who may start the game)
web-waiting-players = Waiting for players: { $taken } of { $seats } seats taken. The game starts when the last seat is taken{ $host ->
    [yes] , or when you start it
   *[no] {""}
  }.
web-everyone-here = Everyone is here.
web-waiting-room = Waiting room
web-slot-bot = ready (computer)
# $level: one of web-level-easy, -normal, -hard
web-slot-bot-level = ready (computer, { $level })
web-slot-ready = ready ✓
web-slot-not-ready = not ready yet
web-slot-free = waiting for a friend…
web-add-bot = Add a computer player
web-remove-seat = Remove { $name }
web-remove = Remove
web-sit-here = Sit here
web-ready = I'm ready
web-ready-undo = I'm not ready after all
web-you-host = You are the host
web-start-now = Start now
web-start-fill = Start now (computer players take { $n ->
    [one] the empty seat
   *[other] the { $n } empty seats
  })
web-bot-level = Computer level
web-level-easy = easy
web-level-normal = normal
web-level-hard = hard
web-level-easy-long = easy: plays by lot
web-level-normal-long = normal: low in a battle, high in a war
web-level-hard-long = hard: counts cards
web-lock-room = Lock the room (no new players)
web-let-watch = Let people watch
web-ready-checks = Ready checks
web-s-a-turn = { $n } s a turn
web-change-rules = Change the rules
web-say-out = { $name } is out of cards.
web-say-out-you = You are out of cards.

## The deal check (PROTOCOL.md §5a)

web-hash-by-webcrypto = WebCrypto
web-hash-by-page = the page's own SHA-256 (no WebCrypto on a plain-http page)
web-deal-hashes = The deal hashes (SHA-256, by { $how }) to the commitment { $commitment }… { $early ->
    [yes] announced when the game started, before the first flip
   *[no] (this page joined late: it compared the revealed one)
  }.
web-deal-hash-differs = The deal hashes to { $computed }…, not to the commitment { $announced }… announced at the start.
web-deal-other-commitment = The server revealed a different commitment from the one it announced.
web-deal-whole = The deck is whole: { $n } cards, each once{ $aside ->
    [0] {""}
   *[other] , { $aside } set aside
  }.
web-deal-not-whole = The deal is not the room's deck of { $n } cards, each once.
web-deal-counts = Each seat was dealt the number of cards announced ({ $sizes }).
web-deal-counts-differ = The piles ({ $sizes }) are not the counts announced ({ $counts }).
web-deal-order-wrong = { $wrong } face-up { $wrong ->
    [one] card
   *[other] cards
  } did not come off the dealt piles in order.
web-deal-order = The { $matched } face-up cards seen from the dealt piles came off them in the order dealt.

## The replay page (/r/CODE/g/N, /replay)

web-replay-title = Watch a game again
web-replay-loading = Loading game { $game } of room { $code }…
web-replay-drop = Drop a game record here (krig-server record ROOM --json), or open one.
web-replay-open = Open a record file…
web-replay-unknown = The server keeps no record of game { $game } in room { $code } (a game's record is kept for a while after it ends).
web-replay-offline = Not connected: the record will load when the connection is back.
web-replay-game = Game { $game } of room { $code }
web-replay-deal = The deal
web-replay-checking = Checking the deal…
web-replay-no-deal = The record has no revealed deal to check.
web-replay-not-json = That file is not a game record: it is not JSON.
web-replay-not-record = That file is not a game record (krig-server record --json writes one).
web-replay-no-events = That record has no events to play back (krig-server record writes them).
web-playback = Playback
web-trick-back = One trick back
web-trick-forward = One trick forward
web-trick-prev = ◀ Trick
web-trick-next = Trick ▶
web-pause = Pause
web-at-end = At the end
web-play = Play
web-speed = Speed
web-replay-pos = { $pos ->
    [0] The deal
   *[other] After trick { $pos }
  } of { $tricks }
