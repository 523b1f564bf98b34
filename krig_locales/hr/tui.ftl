# Zasloni terminalske aplikacije (client_cli/tui). Riječi igre kao u docs/TRANSLATING.md:
# rat, potez, hrpa, domaćin, soba, mjesto, gledatelj.

## Errors that end a session
tui-error-closed = Poslužitelj je završio sesiju ({ $detail }).
tui-error-timeout = Poslužitelj nije odgovorio na vrijeme.
tui-error-unreachable = Poslužitelj nije dostupan ({ $detail }).
tui-error-other = Nešto nije u redu: { $detail }

## Keys
tui-arrows-updown = gore/dolje
tui-arrows-leftright = lijevo/desno
tui-key-choose = odaberi
tui-key-go = kreni
tui-key-shortcuts = prečaci
tui-key-quit = izlaz
tui-key-choose-setting = odaberi postavku
tui-key-change = promijeni
tui-key-back = natrag
tui-key-create = otvori sobu
tui-key-find = nađi igru
tui-key-join = pridruži se
tui-key-watch = gledaj
tui-key-keep = spremi

## The start screen
tui-start-title = krig · Rat, kartaška igra, s prijateljima
tui-menu-computer = Igraj protiv računala odmah: klasični Rat, jedan računalni igrač
tui-menu-host = Budi domaćin: odaberi pravila, pozovi prijatelje ili računalo
tui-menu-join = Pridruži se igri po kodu
tui-menu-quick = Brza igra: mjesto u sljedećoj javnoj igri
tui-menu-lobby = Otvorene sobe: javne igre, za igru ili gledanje
tui-menu-watch = Gledaj igru po kodu
tui-menu-name = Promijeni ime
tui-menu-quit = Izađi iz kriga
tui-start-browser = Prijatelji bez kriga mogu igrati u pregledniku: čekaonica pokazuje poveznicu.
tui-start-who = Ti si { $name }, igraš na { $url }.

## The host form and the quick game form
tui-host-title = Budi domaćin: stol i njegova pravila
tui-form-game = Igra
tui-form-room = Soba
tui-form-rules = Pravila
tui-form-source = izvor: { $source }
tui-form-quote = { $source }: „{ $text }”
tui-form-seats = Mjesta za stolom
tui-form-n-seats = { $count ->
    [one] { $count } mjesto
    [few] { $count } mjesta
   *[other] { $count } mjesta
}
tui-form-seats-note = ti i do 3 druga; računalni igrači ih mogu popuniti
tui-form-bots = Računalni igrači odmah
tui-form-bots-none = nijedan
tui-form-bots-note = računalo na svakom drugom mjestu odmah počinje igru; više ih se može dodati, ili popuniti prazna mjesta, iz čekaonice
tui-form-level = Razina računalnih igrača
tui-level-easy = lagana
tui-level-normal = normalna
tui-level-hard = teška
tui-form-level-note = lagana igra nasumce; normalna nisko u potezu, visoko u ratu; teška broji karte (igre s rukom)
tui-form-public = Na popisu otvorenih soba
tui-form-public-yes = da: svatko se može pridružiti
tui-form-public-no = ne: samo s kodom
tui-form-ready = Provjera spremnosti
tui-form-ready-yes = svaki igrač kaže da je spreman
tui-form-ready-no = sjesti znači biti spreman
tui-form-too-many-bots = Mjesta: { $seats }; računalnih igrača može biti najviše { $most }.
tui-group-wars = Ratovi
tui-group-deck = Špil
tui-group-won = Dobivene karte
tui-group-arneson = Arneson: ruka iz koje se bira
tui-group-repeats = Igra koja se ponavlja
tui-quick-title = Brza igra: mjesto u sljedećoj javnoj igri s ovim pravilima
tui-quick-note = računalni igrači popunjavaju stol koji se ne popuni na vrijeme
tui-quick-players = Igrači
tui-quick-n-players = { $count ->
    [one] { $count } igrač
    [few] { $count } igrača
   *[other] { $count } igrača
}

## Join or watch by code, the name
tui-code-join-title = Pridruži se igri
tui-code-watch-title = Gledaj igru
tui-code-hint = Kod sobe, kako ga je dobio domaćin (npr. K7P-Q3X):
tui-code-placeholder = kod
tui-code-empty = Najprije upiši kod sobe.
tui-name-title = Tvoje ime za stolom
tui-name-hint = Od 1 do 32 znaka; vide ga drugi za stolom.
tui-name-empty = Ime treba barem jedan znak.

## Open rooms
tui-lobby-title = Otvorene sobe
tui-lobby-code = kod
tui-lobby-rules = pravila
tui-lobby-seats = mjesta
tui-lobby-state = stanje
tui-lobby-watching = gledaju
tui-lobby-lobby = čeka
tui-lobby-playing = igra se
tui-lobby-over = gotovo
tui-lobby-taken = { $taken } od { $players }
tui-lobby-empty = Trenutno nema otvorenih soba: budi domaćin ili pokreni brzu igru.

## The host's settings in the waiting room
tui-settings-title = Pravila i postavke sobe (za sljedeću igru)
tui-key-apply = primijeni
tui-settings-turn = Vremensko ograničenje poteza
tui-settings-turn-s = { $seconds } s
tui-settings-turn-note = za igrača koji ne okrene kartu na vrijeme igra poslužitelj
tui-settings-watchers = Gledatelji
tui-settings-allowed = dopušteni
tui-settings-not-allowed = nisu dopušteni
tui-settings-locked = Zaključana
tui-settings-locked-yes = da: bez novih igrača
tui-settings-locked-no = ne: svatko s kodom može sjesti
tui-settings-chat = Chat
tui-yes = da
tui-on = uključen
tui-off = isključen

## The room screen
tui-room-reconnecting = veza je izgubljena: ponovno spajanje…
tui-room-fatal = Poslužitelj je završio sesiju: { $detail }.
tui-key-send = pošalji
tui-key-close-chat = zatvori chat
tui-key-choose-card = odaberi kartu
tui-key-flip = okreni
tui-key-unlock = otključaj
tui-key-lock = zaključaj
tui-key-start = počni
tui-key-add-bot = +računalo
tui-key-remove = ukloni
tui-key-rules = pravila
tui-key-not-ready = povuci spremnost
tui-key-ready = javi spremnost
tui-key-unrematch = povuci revanš
tui-key-rematch = revanš
tui-key-verify = provjeri dijeljenje
tui-key-chat = chat
tui-key-leave = izađi
tui-key-stop-watching = prestani gledati
tui-room-seat-freed = Domaćin je oslobodio tvoje mjesto: sada gledaš.
tui-room-hand-keys = { $count ->
    [one] U ruci imaš { $count } kartu: pritisni { $keys }.
    [few] U ruci imaš { $count } karte: pritisni { $keys }.
   *[other] U ruci imaš { $count } karata: pritisni { $keys }.
}
tui-room-host-only = To može samo domaćin.
tui-room-nobody-seated = Nitko drugi još ne sjedi za stolom.
tui-room-chat-placeholder = reci nešto (Enter šalje, Esc zatvara)
tui-leave-title = Napustiti ovu igru?
tui-leave-note = Igra se nastavlja bez tebe: tvoje mjesto igra poslužitelj.
tui-leave-leave = napusti sobu, natrag na početni zaslon
tui-leave-quit = izađi iz kriga
tui-leave-stay = ostani i igraj dalje
tui-remove-title = Koje mjesto ukloniti? (Enter uklanja, Esc zadržava)
tui-remove-seat = mjesto { $n }: { $name }
tui-verify-checking = Provjera dijeljenja igre { $game }…
tui-verify-bad = Zapis ne drži:
tui-verify-good = Provjereno, drži:
tui-verify-not-checked = Ovdje nije provjereno: { $what }.
tui-verify-shell = Iz ljuske:
tui-verify-esc = Esc zatvara.

## The table
tui-name-you = { $name } (ti)
tui-you = Ti
tui-you-lower = ti
tui-you-reason = ti
tui-nobody = nitko
tui-a-player = igrač
tui-head-no-room = (nema sobe)
tui-head-room = soba
tui-head-waiting = čeka igrače
tui-head-game = igra { $game }
tui-head-won = (pobjede: { $score })
tui-head-over = gotova
tui-head-trick = potez { $trick }
tui-head-you-watch = gledaš
tui-head-you-watch-more = gledaš; ostali gledatelji: { $count }
tui-head-watching = gledatelji: { $count }
tui-head-invite = Pozovi:
tui-head-browser = preglednik:
tui-wait-players = Čekaju se igrači: zauzeto { $taken } od { $seats } mjesta.
tui-wait-host-start = Počni odmah (s) i računalni igrači zauzet će prazna mjesta.
tui-wait-starts = Igra počinje kad je stol pun ili kad je domaćin pokrene.
tui-wait-full-ready = Sva su mjesta zauzeta: igra počinje kad svi budu spremni.
tui-wait-full = Sva su mjesta zauzeta: igra počinje.
tui-seat-free = slobodno
tui-tag-host = domaćin
tui-tag-computer = računalo
tui-tag-away = bez veze
tui-out-of-game = izvan igre
tui-last-trick-note = (prethodni potez)
tui-seat-ready = spremnost
tui-seat-not-ready = bez spremnosti
tui-wait-rules = Pravila:
tui-wait-changed = , promijenjena:
tui-wait-room = Soba:
tui-set-public = javna (na popisu)
tui-set-private = privatna (s kodom)
tui-set-locked = zaključana
tui-set-open = otvorena igračima
tui-set-watchers = gledatelji dopušteni
tui-set-no-watchers = bez gledatelja
tui-set-chat-on = chat uključen
tui-set-chat-off = chat isključen
tui-set-ready = provjera spremnosti
tui-set-seat-ready = mjesto znači spremnost
tui-set-timer = vremensko ograničenje { $seconds } s
tui-set-no-timer = bez vremenskog ograničenja
tui-n-cards = { $count ->
    [one] { $count } karta
    [few] { $count } karte
   *[other] { $count } karata
}
tui-flip-played = odigrano
tui-flip-to-play = na potezu
tui-flip-flipped = okrenuto
tui-flip-to-flip = na potezu
tui-flip-laid = položeno
tui-flip-sits-out = izvan ovog rata
tui-your-hand = Tvoja ruka
tui-war-bang = RAT!
tui-war-tied = Izjednačenje: { $names }. { $down ->
    [0] Svatko po jednu licem gore.
   *[other] Licem dolje: { $down }, zatim jedna licem gore.
}
tui-war-tied-rank = Izjednačenje ({ $rank }): { $names }. { $down ->
    [0] Svatko po jednu licem gore.
   *[other] Licem dolje: { $down }, zatim jedna licem gore.
}
tui-rank-jacks = dečki
tui-rank-queens = dame
tui-rank-kings = kraljevi
tui-rank-aces = asovi
tui-rank-jokers = džokeri
tui-rank-n = { $n }
tui-took = { $you ->
    [yes] Uzimaš { $total ->
        [one] { $total } kartu
        [few] { $total } karte
       *[other] { $total } karata
    }
   *[no] { $name } uzima { $total ->
        [one] { $total } kartu
        [few] { $total } karte
       *[other] { $total } karata
    }
}
tui-after-war = { $rounds ->
    [1] nakon rata
   *[other] nakon rata (krugova: { $rounds })
}
tui-begin = Igra { $game }: svatko okreće kartu, najviša uzima potez.
tui-begin-hand = Igra { $game }: svatko bira kartu, najviša uzima potez.
tui-turn-hand = Na potezu si: odaberi kartu ({ $keys }).
tui-turn-flip = Na potezu si: pritisni razmak za okretanje.
tui-waiting-for = Čeka se: { $names }.
tui-revealing = Otkrivanje…
tui-you-out = Ispadaš iz ove igre; gledaš je do kraja.
tui-you-sit-out = Ne sudjeluješ u ovom ratu.
tui-watching = Gledaš.
tui-clock-turn = potez { $time }
tui-clock-game = do kraja igre { $time }
tui-clock = vrijeme:
tui-log-title = Potezi
tui-log-none = još nijedan
tui-log-war = RAT
tui-chat-title = Chat
tui-chat-watching = (gleda)
tui-chat-off = (isključen)
tui-chat-hint = pritisni c da nešto kažeš

## Game over
tui-over-cards = { $count ->
    [one] { $n } karta
    [few] { $n } karte
   *[other] { $n } karata
}
tui-over-wars-won = dobiveni ratovi: { $count }
tui-over-wars = { $count ->
    [one] { $count } rat
    [few] { $count } rata
   *[other] { $count } ratova
}
tui-over-rounds = (krugova: { $count })
tui-over-longest = ; najduži: krugova { $count }
tui-over-tricks = Potezi: { $count }; { $wars }.
tui-over-score = Dobivene igre u ovoj sobi:
tui-over-set-aside = Odvojeno pri dijeljenju:
tui-rematch = Revanš:
tui-rematch-nobody = još ga nitko nije tražio.
tui-rematch-ask = Pritisni r da ga zatražiš.
tui-rematch-wants = { $many ->
    [yes] Revanš žele: { $names } ({ $ready } od { $players }).
   *[no] Revanš želi: { $names } ({ $ready } od { $players }).
}
tui-rematch-join = Pritisni r da se pridružiš.
tui-rematch-back = Pritisni r da povučeš svoj.
tui-over-verify = Provjeri je li dijeljenje bilo pošteno: pritisni v (ili pokreni
tui-over-verify-end = ).
tui-keyname-space = razmak

## Comings and goings in the chat
tui-seat-joined = Sjeda za stol: { $name }
tui-seat-joined-bot = Sjeda za stol: { $name } (računalo)
tui-seat-left = Odlazi: { $name }
tui-seat-lost = Izgubljena veza: { $name }
tui-seat-back = Vraća se: { $name }
