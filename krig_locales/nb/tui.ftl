# Skjermene i terminalappen (client_cli/tui). Ordene for spillet som i docs/TRANSLATING.md:
# krig, stikk, bunken, vert, rom, plass, tilskuer.

## Errors that end a session
tui-error-closed = Serveren avsluttet økten ({ $detail }).
tui-error-timeout = Serveren svarte ikke i tide.
tui-error-unreachable = Får ikke kontakt med serveren ({ $detail }).
tui-error-other = Noe gikk galt: { $detail }

## Keys
tui-arrows-updown = opp/ned
tui-arrows-leftright = venstre/høyre
tui-key-choose = velg
tui-key-go = gå
tui-key-shortcuts = snarveier
tui-key-quit = avslutt
tui-key-choose-setting = velg en innstilling
tui-key-change = endre den
tui-key-back = tilbake
tui-key-create = opprett rommet
tui-key-find = finn et spill
tui-key-join = bli med
tui-key-watch = se på
tui-key-keep = behold

## The start screen
tui-start-title = krig · Krig, kortspillet, med venner
tui-menu-computer = Spill mot datamaskinen nå: klassisk Krig, én motstander, ingen venting
tui-menu-host = Vær vert: velg reglene, inviter venner eller datamaskinspillere
tui-menu-join = Bli med i et spill med koden
tui-menu-quick = Hurtigspill: en plass i neste åpne spill
tui-menu-lobby = Åpne rom: de offentlige spillene, å bli med i eller se på
tui-menu-watch = Se på et spill med koden
tui-menu-name = Bytt navn
tui-menu-quit = Avslutt krig
tui-start-browser = Venner uten krig kan spille i nettleseren: venterommet viser lenken.
tui-start-who = Du er { $name } og spiller på { $url }.

## The host form and the quick game form
tui-host-title = Vær vert: bordet og reglene
tui-form-game = Spillet
tui-form-room = Rommet
tui-form-rules = Regler
tui-form-source = kilde: { $source }
tui-form-quote = { $source }: «{ $text }»
tui-form-seats = Plasser ved bordet
tui-form-n-seats = { $count ->
    [one] { $count } plass
   *[other] { $count } plasser
}
tui-form-seats-note = du og opptil 3 andre; datamaskinspillere kan fylle dem
tui-form-bots = Datamaskinspillere som setter seg nå
tui-form-bots-none = ingen
tui-form-bots-note = en datamaskin på hver annen plass starter spillet med en gang; flere kan legges til, eller de tomme plassene fylles, fra venterommet
tui-form-level = Datamaskinspillernes nivå
tui-level-easy = lett
tui-level-normal = normal
tui-level-hard = vanskelig
tui-form-level-note = lett spiller på lykke og fromme; normal lavt i et stikk, høyt i en krig; vanskelig teller kortene (spill med hånd)
tui-form-public = Vist blant de åpne rommene
tui-form-public-yes = ja: alle kan bli med
tui-form-public-no = nei: bare med koden
tui-form-ready = Klar-sjekk
tui-form-ready-yes = hver spiller sier klar
tui-form-ready-no = å sette seg betyr klar
tui-form-too-many-bots = Med { $seats } plasser er det rom for høyst { $most } datamaskinspillere.
tui-group-wars = Kriger
tui-group-deck = Kortstokken
tui-group-won = Vunne kort
tui-group-arneson = Arneson: en hånd å velge fra
tui-group-repeats = Et spill som gjentar seg
tui-quick-title = Hurtigspill: en plass i neste åpne spill med disse reglene
tui-quick-note = datamaskinspillere fyller et bord som ikke blir fullt i tide
tui-quick-players = Spillere
tui-quick-n-players = { $count ->
    [one] { $count } spiller
   *[other] { $count } spillere
}

## Join or watch by code, the name
tui-code-join-title = Bli med i et spill
tui-code-watch-title = Se på et spill
tui-code-hint = Rommets kode, slik verten fikk den (som K7P-Q3X):
tui-code-placeholder = kode
tui-code-empty = Skriv rommets kode først.
tui-name-title = Navnet ditt ved bordet
tui-name-hint = 1 til 32 tegn; de andre ved bordet ser det.
tui-name-empty = Et navn trenger minst ett tegn.

## Open rooms
tui-lobby-title = Åpne rom
tui-lobby-code = kode
tui-lobby-rules = regler
tui-lobby-seats = plasser
tui-lobby-state = status
tui-lobby-watching = ser på
tui-lobby-lobby = venter
tui-lobby-playing = spilles
tui-lobby-over = ferdig
tui-lobby-taken = { $taken } av { $players }
tui-lobby-empty = Ingen åpne rom akkurat nå: vær vert, eller start et hurtigspill.

## The host's settings in the waiting room
tui-settings-title = Regler og rominnstillinger (for neste spill)
tui-key-apply = bruk
tui-settings-turn = Tidsgrense per tur
tui-settings-turn-s = { $seconds } s
tui-settings-turn-note = en spiller som ikke har snudd i tide, blir spilt for
tui-settings-watchers = Tilskuere
tui-settings-allowed = tillatt
tui-settings-not-allowed = ikke tillatt
tui-settings-locked = Låst
tui-settings-locked-yes = ja: ingen nye spillere
tui-settings-locked-no = nei: alle med koden kan sette seg
tui-settings-chat = Chat
tui-yes = ja
tui-on = på
tui-off = av

## The room screen
tui-room-reconnecting = mistet forbindelsen: kobler til igjen…
tui-room-fatal = Serveren avsluttet økten: { $detail }.
tui-key-send = send
tui-key-close-chat = lukk chatlinjen
tui-key-choose-card = velg et kort
tui-key-flip = snu
tui-key-unlock = lås opp
tui-key-lock = lås
tui-key-start = start
tui-key-add-bot = +datamaskin
tui-key-remove = fjern
tui-key-rules = regler
tui-key-not-ready = ikke klar
tui-key-ready = klar
tui-key-unrematch = trekk revansjen
tui-key-rematch = revansj
tui-key-verify = sjekk utdelingen
tui-key-chat = chat
tui-key-leave = forlat
tui-key-stop-watching = slutt å se på
tui-room-seat-freed = Verten frigjorde plassen din: nå ser du på.
tui-room-hand-keys = { $count ->
    [one] Du har { $count } kort på hånden: trykk { $keys }.
   *[other] Du har { $count } kort på hånden: trykk { $keys }.
}
tui-room-host-only = Bare verten kan gjøre det.
tui-room-nobody-seated = Ingen andre sitter ved bordet ennå.
tui-room-chat-placeholder = si noe (Enter sender, Esc lukker)
tui-leave-title = Forlate dette spillet?
tui-leave-note = Spillet fortsetter uten deg: serveren spiller plassen din.
tui-leave-leave = forlat rommet, tilbake til startskjermen
tui-leave-quit = avslutt krig
tui-leave-stay = bli og spill videre
tui-remove-title = Hvilken plass skal fjernes? (Enter fjerner, Esc beholder)
tui-remove-seat = plass { $n }: { $name }
tui-verify-checking = Sjekker utdelingen i spill { $game }…
tui-verify-bad = Protokollen holder ikke:
tui-verify-good = Sjekket, og den holder:
tui-verify-not-checked = Ikke sjekket her: { $what }.
tui-verify-shell = Fra et skall:
tui-verify-esc = Esc lukker.

## The table
tui-name-you = { $name } (du)
tui-you = Du
tui-you-lower = du
tui-you-reason = Du
tui-nobody = ingen
tui-a-player = en spiller
tui-head-no-room = (intet rom)
tui-head-room = rom
tui-head-waiting = venter på spillere
tui-head-game = spill { $game }
tui-head-won = (vunnet: { $score })
tui-head-over = ferdig
tui-head-trick = stikk { $trick }
tui-head-you-watch = du ser på
tui-head-you-watch-more = du ser på sammen med { $count } til
tui-head-watching = { $count } ser på
tui-head-invite = Inviter:
tui-head-browser = nettleser:
tui-wait-players = Venter på spillere: { $taken } av { $seats } plasser tatt.
tui-wait-host-start = Start nå (s), så tar datamaskinspillere de tomme plassene.
tui-wait-starts = Spillet starter når bordet er fullt, eller når verten starter det.
tui-wait-full-ready = Alle plasser er tatt: spillet starter når alle er klare.
tui-wait-full = Alle plasser er tatt: spillet starter.
tui-seat-free = ledig
tui-tag-host = vert
tui-tag-computer = datamaskin
tui-tag-away = borte
tui-out-of-game = ute av spillet
tui-last-trick-note = (det forrige stikket)
tui-seat-ready = klar
tui-seat-not-ready = ikke klar
tui-wait-rules = Regler:
tui-wait-changed = , endret:
tui-wait-room = Rom:
tui-set-public = åpent (blant de åpne rommene)
tui-set-private = privat (med kode)
tui-set-locked = låst
tui-set-open = åpent for spillere
tui-set-watchers = tilskuere tillatt
tui-set-no-watchers = ingen tilskuere
tui-set-chat-on = chat på
tui-set-chat-off = chat av
tui-set-ready = klar-sjekk
tui-set-seat-ready = å sette seg er klar
tui-set-timer = tidsgrense { $seconds } s
tui-set-no-timer = ingen tidsgrense
tui-n-cards = { $count ->
    [one] { $count } kort
   *[other] { $count } kort
}
tui-flip-played = spilt
tui-flip-to-play = skal spille
tui-flip-flipped = snudd
tui-flip-to-flip = skal snu
tui-flip-laid = lagt
tui-flip-sits-out = står over krigen
tui-your-hand = Hånden din
tui-war-bang = KRIG!
tui-war-tied = { $names } står likt: { $down ->
    [0] ett kort med forsiden opp hver.
   *[other] { $down } med baksiden opp, så ett med forsiden opp.
}
tui-war-tied-rank = { $names } står likt med { $rank }: { $down ->
    [0] ett kort med forsiden opp hver.
   *[other] { $down } med baksiden opp, så ett med forsiden opp.
}
tui-rank-jacks = knekter
tui-rank-queens = damer
tui-rank-kings = konger
tui-rank-aces = ess
tui-rank-jokers = jokere
tui-rank-n = { $n }-ere
tui-took = { $you ->
    [yes] Du tok { $total } kort
   *[no] { $name } tok { $total } kort
}
tui-after-war = { $rounds ->
    [1] etter en krig
   *[other] etter en krig på { $rounds } runder
}
tui-begin = Spill { $game }: alle snur, høyeste kort tar stikket.
tui-begin-hand = Spill { $game }: alle velger et kort, høyeste kort tar stikket.
tui-turn-hand = Din tur: velg et kort ({ $keys }).
tui-turn-flip = Din tur: trykk mellomrom for å snu.
tui-waiting-for = Venter på { $names }.
tui-revealing = Viser kortene…
tui-you-out = Du er ute av dette spillet; du ser det til slutt.
tui-you-sit-out = Du står over denne krigen.
tui-watching = Ser på.
tui-clock-turn = tur { $time }
tui-clock-game = spill { $time } igjen
tui-clock = klokke:
tui-log-title = Stikk
tui-log-none = ingen ennå
tui-log-war = KRIG
tui-chat-title = Chat
tui-chat-watching = (ser på)
tui-chat-off = (av)
tui-chat-hint = trykk c for å si noe

## Game over
tui-over-cards = { $count ->
    [one] { $n } kort
   *[other] { $n } kort
}
tui-over-wars-won = { $count ->
    [one] { $count } krig vunnet
   *[other] { $count } kriger vunnet
}
tui-over-wars = { $count ->
    [one] { $count } krig
   *[other] { $count } kriger
}
tui-over-rounds = ({ $count } runder)
tui-over-longest = ; den lengste varte { $count } runder
tui-over-tricks = { $count } stikk og { $wars }.
tui-over-score = Spill vunnet i dette rommet:
tui-over-set-aside = Lagt til side ved utdelingen:
tui-rematch = Revansj:
tui-rematch-nobody = ingen har bedt om det ennå.
tui-rematch-ask = Trykk r for å be om det.
tui-rematch-wants = { $many ->
    [yes] { $names } vil ha revansj ({ $ready } av { $players }).
   *[no] { $names } vil ha revansj ({ $ready } av { $players }).
}
tui-rematch-join = Trykk r for å bli med.
tui-rematch-back = Trykk r for å trekke din tilbake.
tui-over-verify = Sjekk at utdelingen var rettferdig: trykk v (eller kjør
tui-over-verify-end = ).
tui-keyname-space = mellomrom

## Comings and goings in the chat
tui-seat-joined = { $name } satte seg
tui-seat-joined-bot = { $name } satte seg (datamaskin)
tui-seat-left = { $name } gikk
tui-seat-lost = { $name } mistet forbindelsen
tui-seat-back = { $name } er tilbake
