# Nettsidens egne setninger (server/web/), norsk bokmål. Ordene: krig, stikk, bunken,
# gevinstbunke, med baksiden opp / med forsiden opp (docs/TRANSLATING.md).

web-title = krig: Krig med venner
web-language = Språk
web-home = krig forside
web-playing-as = Spiller som { $name }
web-connected = Tilkoblet
web-reconnecting = Kobler til igjen…
web-connecting = Kobler til…
web-rename = Navnet ditt: { $name }. Endre det
web-rename-unset = Navnet ditt: ikke satt. Endre det
web-your-name = Navnet ditt
web-sound-on = ♪ Lyd på
web-sound-off = ♪ Lyd av

## The room

web-room = Rom
web-stop-watching = Slutt å se på
web-leave = Forlat rommet
web-seats-n = { $n } plasser
web-watching = ser på
web-spectators-title = tilskuere
web-spectators = { $n } ser på
web-locked = låst
web-listed = oppført
web-score-label = Spill vunnet i dette rommet
web-games-won = Spill vunnet
web-invite = Inviter venner
web-invite-link = Invitasjonslenke
web-copied = Kopiert ✓
web-copy = Kopier lenken
web-share = Del…
web-tag-you = deg
web-tag-host = vert
web-tag-computer = datamaskin
web-tag-away = borte
web-empty-seat = Ledig plass
web-seat-n = plass { $n }
web-rules = Regler
web-turn-timer = Tidsfrist per tur
web-seconds = { $n } s
web-off = av

## The table

web-card-name = { $suit ->
    [0] kløver
    [1] ruter
    [2] hjerter
   *[3] spar
  } { $rank ->
    [11] knekt
    [12] dame
    [13] konge
    [14] ess
   *[other] { $rank }
  }
web-card-red-joker = rød joker
web-card-black-joker = svart joker
web-card-down = kort med baksiden opp
web-the-table = Bordet
web-seats = Plasser
web-war-banner = KRIG!
web-trick-no = Stikk { $n }:
web-state-out = ute
web-state-your-turn = din tur
web-state-to-flip = skal snu
web-state-flipped = har snudd
web-state-watching-war = ser på krigen
web-seat-label = { $name }{ $you ->
    [yes] {" "}(deg)
   *[no] {""}
  }: { $held } kort
web-seat-label-winnings = ({ $pile } i bunken, { $winnings } vunnet)
web-pile = bunken
web-cards = kort
web-won = vunnet
web-on-table = kortene til { $name } på bordet
web-game-over-line = Spillet er over.
web-game-over = Spillet er over
web-dealt = Kortene er delt ut.
web-all-down = Alle kortene ligger…
web-all-down-reveal = Alle kortene ligger: nå snus de.
web-waiting-for = Venter på { $names }.
web-waiting-to-flip = Venter på at { $names } snur.
web-waiting-to-choose = Venter på at { $names } velger et kort.
web-you-are-out = Du er tom for kort: du ser { $names } spille videre.
web-sit-out = Du står over denne.
web-your-turn = Din tur: { $how }.
web-how-choose = velg et kort ({ $keys })
web-tap-it = trykk på det
web-keys = tastene 1–{ $n }
web-tap-flip = trykk Snu
web-press-space = trykk mellomrom
web-press-space-or-flip = trykk mellomrom eller Snu
web-flip-your-card = snu kortet ditt (mellomrom)
web-clock-flip = { $n } s til å snu
web-clock-choose = { $n } s til å velge
web-game-ends-in = Spillet slutter om
web-watching-hint = Du ser på. Bare spillerne kan snu.
web-lay-down = Legg { $n } med baksiden opp, 1 åpent
web-flip-war = Snu for krigen
web-flip = Snu
web-flipped = Snudd
web-hand-label = Hånden din: velg et kort (tastene 1 til { $n })
web-play-card = Spill { $card } (tast { $key })
web-last-tricks = Siste stikk
web-log-empty = Ingenting ennå: det første stikket ligger på bordet.
web-war-tag = KRIG
web-log-you-take = Du tar { $total }
web-log-takes = { $name } tar { $total }
web-you = Du
web-you-lower = du
web-list = { $head } og { $last }
web-say-started = Spillet har begynt.
web-say-tap-to-flip = Trykk Snu for å snu.
web-say-press-to-flip = Trykk mellomrom for å snu.
web-say-war-cards = Krigskort
web-say-revealed = Snudd
web-rank-plural = { $rank ->
    [11] knekter
    [12] damer
    [13] konger
    [14] ess
    [15] jokere
   *[other] { $rank }-ere
  }
web-tied = { $names } har like kort
web-tied-with = { $names } har like kort, { $rank }
web-war-lay = { $n } med baksiden opp, så ett med forsiden opp.
web-war-one-up = ett kort med forsiden opp hver.
web-trick-you-take = Du tar { $total }
web-trick-takes = { $name } tar { $total }
web-trick-after-wars = etter { $wars ->
    [one] en krig
   *[other] { $wars } kriger
  }
web-trick-with-over = med { $card } over { $others }

## Game over

web-nobody = ingen
web-a-player = en spiller
web-reason-all_cards = { $winner } vant alle { $cards } kortene
web-reason-short_war = { $loser } hadde for få kort til å fullføre en krig
web-reason-exhausted_tie = alle gikk tom for kort i en krig
web-reason-time_limit = tiden gikk ut, og flest kort vinner
web-reason-wars_won = { $winner } vant { $wars } kriger
web-reason-round_cap = grensen på { $tricks } stikk ble nådd, og flest kort vinner
web-reason-cycle = spillet gjentok seg selv i det uendelige
web-reason-abandoned = alle spillerne gikk, og flest kort vinner
web-col-place = Plass
web-col-player = Spiller
web-col-cards = Kort
web-col-wars-won = Kriger vunnet
web-stats = { $tricks } stikk · { $wars } { $wars ->
    [one] krig
   *[other] kriger
  }
web-longest-war = lengste krig
web-in-a-row = { $n } på rad
web-none = ingen
web-rematch-want = { $names } vil ha { $count ->
    [one] en omkamp
   *[other] en omkamp
  }: { $n } av { $of }.
web-rematch-you = { $names } vil ha en omkamp: { $n } av { $of }.
web-rematch-nobody = Ingen har bedt om omkamp ennå ({ $n } av { $of }).
web-rematch-waiting = Venter på { $names }…
web-watch-again = Se dette spillet igjen
web-copy-the-link = Kopier lenken
web-starting = Starter…
web-play-again = Spill igjen
web-take-back = Angre
web-check-deal = Sjekk utdelingen
web-waiting-deal = Venter på utdelingen…
web-deal-fair = Utdelingen var rettferdig.
web-deal-bad = Utdelingen stemmer ikke.

## Chat

web-chat = Prat
web-say-something = Si noe
web-chat-title = Enter sender; Esc går tilbake til bordet (mellomrom snur)
web-send = Send
web-chat-off = Verten har slått av praten.

## Connection and name

web-not-connected = Ikke tilkoblet: prøv igjen om litt.
web-connection-lost = Forbindelsen ble brutt.
web-trying-again = Prøver igjen om { $n } s…
web-seat-kept = Plassen din holdes av for deg.
web-try-now = Prøv nå
web-dismiss = Lukk
web-change-name = Endre navnet ditt
web-welcome = Velkommen til krig
web-invited-by = Du er invitert til bordet til { $name } (rom { $code }).
web-invited = Du er invitert til rom { $code }.
web-call-you = Hva skal bordet kalle deg?
web-name-example = f.eks. Ada
web-join-table = Sett deg ved bordet
web-lets-play = Sett i gang
web-cancel = Avbryt
web-remembered = Huskes i denne nettleseren.
web-next-room = Et nytt navn gjelder fra neste rom.

## The home page

web-hero = Krig, med venner
web-lead = Kortspillet som er ren flaks, i nettleseren: alle snur samtidig, og like kort betyr krig. Regler fra fem land, 2 til 4 spillere, datamaskinspillere når dere er for få.
web-host-game = Start et spill
web-players = Spillere
web-round-cap = Grense for stikk
web-cap-after = Etter { $n } stikk vinner flest kort.
web-cap-none = Ingen: spillet varer til én spiller har alle kortene.
web-every-rule = Alle reglene, i ord
web-list-it = Før det opp blant de åpne rommene
web-ready-checks-long = Klar-sjekk (spillerne må si at de er klare)
web-create-room = Opprett rommet
web-play-computer = Spill mot datamaskinen nå
web-join-friend = Bli med en venn
web-room-code = Romkode
web-take-seat = Sett deg
web-watch = Se på
web-quick-game = Raskt spill
web-quick-hint = Sett deg ved et åpent bord; datamaskinspillere fyller det om ingen kommer.
web-find-table = Finn et bord
web-open-rooms = Åpne rom
web-lobby-empty = Ingen åpne rom akkurat nå. Start et, eller finn et raskt spill.
web-join = Bli med
web-n-players = { $n } spillere
