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
web-tag-you = du
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
    [yes] {" "}(du)
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
web-you-first = Du
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

## Banners, offers and the way back to a room

web-other-tab = Denne plassen ble åpnet i en annen fane eller et annet vindu; denne stoppet. Last inn siden på nytt for å ta den tilbake.
web-share-title = krig: spill Krig med meg
web-share-text = Bli med på Krig hos meg (rom { $code })
web-back-to-table = Tilbake til bordet
web-joining = Blir med
web-in-room = i rom { $code }
web-offer-started = Spillet i rom { $code } er i gang.
web-offer-full = Rom { $code } er fullt.
web-offer-locked = Verten har låst rom { $code }.
web-offer-watch-it = Vil du se på?
web-watch-game = Se på spillet
web-back-home = Tilbake til start
web-local-hint = Denne serveren lytter bare på denne maskinen: start den med { $host } (eller { $public }) så venner andre steder kan åpne lenken.

## The rules on the host form

web-source = Kilde: { $source }
web-source-project = krigs eget valg: kildene sier ingenting
web-source-usual = den vanlige kortstokken
web-presets-value = forhåndsvalgt: { $value }
web-group-deck = Kortstokken
web-group-wars = Kriger
web-group-won = Vunne kort
web-group-end = Slik slutter et spill
web-lobby-seats = { $taken }/{ $players } plasser
web-lobby-lobby = venter
web-lobby-playing = spilles
web-lobby-over = ferdig

## The waiting room and the host's controls

web-waiting-ready = Venter på at { $names } blir klar.
web-waiting-players = Venter på spillere: { $taken } av { $seats } plasser tatt. Spillet starter når den siste plassen er tatt{ $host ->
    [yes] , eller når du starter det
   *[no] {""}
  }.
web-everyone-here = Alle er her.
web-waiting-room = Venterom
web-slot-bot = klar (datamaskin)
web-slot-bot-level = klar (datamaskin, { $level })
web-slot-ready = klar ✓
web-slot-not-ready = ikke klar ennå
web-slot-free = venter på en venn…
web-add-bot = Legg til en datamaskinspiller
web-remove-seat = Fjern { $name }
web-remove = Fjern
web-sit-here = Sett deg her
web-ready = Jeg er klar
web-ready-undo = Jeg er likevel ikke klar
web-you-host = Du er verten
web-start-now = Start nå
web-start-fill = Start nå (datamaskinspillere tar { $n ->
    [one] den tomme plassen
   *[other] de { $n } tomme plassene
  })
web-bot-level = Datamaskinens nivå
web-level-easy = lett
web-level-normal = normal
web-level-hard = vanskelig
web-level-easy-long = lett: spiller på lykke og fromme
web-level-normal-long = normal: lavt i et stikk, høyt i en krig
web-level-hard-long = vanskelig: teller kort
web-lock-room = Lås rommet (ingen nye spillere)
web-let-watch = La folk se på
web-ready-checks = Klar-sjekk
web-s-a-turn = { $n } s per tur
web-change-rules = Endre reglene
web-say-out = { $name } er tom for kort.
web-say-out-you = Du er tom for kort.

## The deal check (PROTOCOL.md §5a)

web-hash-by-webcrypto = WebCrypto
web-hash-by-page = sidens egen SHA-256 (ingen WebCrypto på en vanlig http-side)
web-deal-hashes = Utdelingen gir hashen (SHA-256, med { $how }) som stemmer med forpliktelsen { $commitment }… { $early ->
    [yes] som ble kunngjort da spillet startet, før første kort ble snudd
   *[no] (denne siden kom sent: den sammenlignet den avslørte)
  }.
web-deal-hash-differs = Utdelingen gir hashen { $computed }…, ikke forpliktelsen { $announced }… som ble kunngjort ved start.
web-deal-other-commitment = Serveren avslørte en annen forpliktelse enn den den kunngjorde.
web-deal-whole = Kortstokken er hel: { $n } kort, hvert én gang{ $aside ->
    [0] {""}
   *[other] , { $aside } lagt til side
  }.
web-deal-not-whole = Utdelingen er ikke rommets kortstokk på { $n } kort, hvert én gang.
web-deal-counts = Hver plass fikk så mange kort som kunngjort ({ $sizes }).
web-deal-counts-differ = Bunkene ({ $sizes }) er ikke antallene som ble kunngjort ({ $counts }).
web-deal-order-wrong = { $wrong ->
    [one] { $wrong } åpent kort kom
   *[other] { $wrong } åpne kort kom
  } ikke fra de utdelte bunkene i rekkefølge.
web-deal-order = De { $matched } åpne kortene fra de utdelte bunkene kom i den rekkefølgen de ble delt ut.

## The replay page (/r/CODE/g/N, /replay)

web-replay-title = Se et spill igjen
web-replay-loading = Laster spill { $game } i rom { $code }…
web-replay-drop = Slipp et spillopptak her (krig-server record ROOM --json), eller åpne et.
web-replay-open = Åpne en opptaksfil…
web-replay-unknown = Serveren har ikke noe opptak av spill { $game } i rom { $code } (et spills opptak blir tatt vare på en stund etter at det er ferdig).
web-replay-offline = Ikke tilkoblet: opptaket lastes når forbindelsen er tilbake.
web-replay-game = Spill { $game } i rom { $code }
web-replay-deal = Utdelingen
web-replay-checking = Sjekker utdelingen…
web-replay-no-deal = Opptaket har ingen avslørt utdeling å sjekke.
web-replay-not-json = Den filen er ikke et spillopptak: den er ikke JSON.
web-replay-not-record = Den filen er ikke et spillopptak (krig-server record --json lager et).
web-replay-no-events = Det opptaket har ingen hendelser å spille av (krig-server record skriver dem).
web-playback = Avspilling
web-trick-back = Ett stikk tilbake
web-trick-forward = Ett stikk fram
web-trick-prev = ◀ Stikk
web-trick-next = Stikk ▶
web-pause = Pause
web-at-end = Ved slutten
web-play = Spill av
web-speed = Fart
web-replay-pos = { $pos ->
    [0] Utdelingen
   *[other] Etter stikk { $pos }
  } av { $tricks }
