# Vlastite rečenice stranice (server/web/), hrvatski. Riječi: rat, potez, hrpa,
# hrpa dobitaka, licem prema dolje / licem prema gore (docs/TRANSLATING.md).

web-title = krig: Rat s prijateljima
web-language = Jezik
web-home = krig početna
web-playing-as = Igraš kao { $name }
web-connected = Povezano
web-reconnecting = Ponovno povezivanje…
web-connecting = Povezivanje…
web-rename = Tvoje ime: { $name }. Promijeni ga
web-rename-unset = Tvoje ime: nije postavljeno. Promijeni ga
web-your-name = Tvoje ime
web-sound-on = ♪ Zvuk uključen
web-sound-off = ♪ Zvuk isključen

## The room

web-room = Soba
web-stop-watching = Prestani gledati
web-leave = Napusti sobu
web-seats-n = Mjesta: { $n }
web-watching = gledaš
web-spectators-title = gledatelji
web-spectators = Gledatelji: { $n }
web-locked = zaključana
web-listed = na popisu
web-score-label = Dobivene igre u ovoj sobi
web-games-won = Dobivene igre
web-invite = Pozovi prijatelje
web-invite-link = Poveznica za poziv
web-copied = Kopirano ✓
web-copy = Kopiraj poveznicu
web-share = Podijeli…
web-tag-you = ti
web-tag-host = domaćin
web-tag-computer = računalo
web-tag-away = odsutan
web-empty-seat = Slobodno mjesto
web-seat-n = mjesto { $n }
web-rules = Pravila
web-turn-timer = Vrijeme za potez
web-seconds = { $n } s
web-off = isključeno

## The table

web-card-name = { $rank ->
    [11] dečko
    [12] dama
    [13] kralj
    [14] as
   *[other] { $rank }
  } { $suit ->
    [0] tref
    [1] karo
    [2] herc
   *[3] pik
  }
web-card-red-joker = crveni džoker
web-card-black-joker = crni džoker
web-card-down = karta licem prema dolje
web-the-table = Stol
web-seats = Mjesta
web-war-banner = RAT!
web-trick-no = Potez { $n }:
web-state-out = ispada
web-state-your-turn = tvoj potez
web-state-to-flip = okreće
web-state-flipped = karta okrenuta
web-state-watching-war = gleda rat
web-seat-label = { $name }{ $you ->
    [yes] {" "}(ti)
   *[no] {""}
  }: karte: { $held }
web-seat-label-winnings = (u hrpi: { $pile }, dobiveno: { $winnings })
web-pile = hrpa
web-cards = karte
web-won = dobiveno
web-on-table = { $name }: karte na stolu
web-game-over-line = Igra je gotova.
web-game-over = Igra je gotova
web-dealt = Karte su podijeljene.
web-all-down = Sve karte su na stolu…
web-all-down-reveal = Sve karte su na stolu: slijedi otkrivanje.
web-waiting-for = Čeka se: { $names }.
web-waiting-to-flip = Čeka se da okrene: { $names }.
web-waiting-to-choose = Čeka se da odabere kartu: { $names }.
web-you-are-out = Nemaš više karata: gledaš kako dalje igraju { $names }.
web-sit-out = Ovaj rat preskačeš.
web-your-turn = Tvoj potez: { $how }.
web-how-choose = odaberi kartu ({ $keys })
web-tap-it = dodirni je
web-keys = tipke 1–{ $n }
web-tap-flip = dodirni Okreni
web-press-space = pritisni razmak
web-press-space-or-flip = pritisni razmak ili Okreni
web-flip-your-card = okreni svoju kartu (razmak)
web-clock-flip = { $n } s za okretanje
web-clock-choose = { $n } s za odabir
web-game-ends-in = Igra završava za
web-watching-hint = Gledaš. Samo igrači mogu okretati karte.
web-lay-down = Stavi { $n } licem prema dolje, 1 licem prema gore
web-flip-war = Okreni za rat
web-flip = Okreni
web-flipped = Okrenuto
web-hand-label = Tvoja ruka: odaberi kartu (tipke od 1 do { $n })
web-play-card = Igraj { $card } (tipka { $key })
web-last-tricks = Posljednji potezi
web-log-empty = Još ništa: prvi potez je na stolu.
web-war-tag = RAT
web-log-you-take = Uzimaš { $total }
web-log-takes = { $name } uzima { $total }
web-you = Ti
web-you-lower = ti
web-you-first = ti
web-list = { $head } i { $last }
web-say-started = Igra je počela.
web-say-tap-to-flip = Dodirni Okreni da okreneš kartu.
web-say-press-to-flip = Pritisni razmak da okreneš kartu.
web-say-war-cards = Karte rata
web-say-revealed = Otkriveno
web-rank-plural = { $rank ->
    [11] dečki
    [12] dame
    [13] kraljevi
    [14] asovi
    [15] džokeri
   *[other] { $rank }
  }
web-tied = Iste karte: { $names }
web-tied-with = Iste karte ({ $rank }): { $names }
web-war-lay = { $n } licem prema dolje, zatim jedna licem prema gore.
web-war-one-up = svatko po jednu licem prema gore.
web-trick-you-take = Uzimaš { $total }
web-trick-takes = { $name } uzima { $total }
web-trick-after-wars = nakon { $wars ->
    [one] { $wars } rata
    [few] { $wars } rata
   *[other] { $wars } ratova
  }
web-trick-with-over = s { $card } nad { $others }

## Game over

web-nobody = nitko
web-a-player = jedan igrač
web-reason-all_cards = sve karte ({ $cards }): { $winner }
web-reason-short_war = premalo karata da se dovrši rat: { $loser }
web-reason-exhausted_tie = svima su ponestale karte u ratu
web-reason-time_limit = vrijeme je isteklo, a pobjeđuje tko ima najviše karata
web-reason-wars_won = dobiveni ratovi ({ $wars }): { $winner }
web-reason-round_cap = dosegnuto je ograničenje poteza ({ $tricks }), a pobjeđuje tko ima najviše karata
web-reason-cycle = igra se ponavljala unedogled
web-reason-abandoned = svi su igrači otišli, a pobjeđuje tko ima najviše karata
web-col-place = Mjesto
web-col-player = Igrač
web-col-cards = Karte
web-col-wars-won = Dobiveni ratovi
web-stats = Potezi: { $tricks } · { $wars } { $wars ->
    [one] rat
    [few] rata
   *[other] ratova
  }
web-longest-war = najdulji rat
web-in-a-row = { $n } zaredom
web-none = nema
web-rematch-want = { $names } { $count ->
    [one] želi
    [few] žele
   *[other] žele
  } revanš: { $n } od { $of }.
web-rematch-you = { $names } želiš revanš: { $n } od { $of }.
web-rematch-nobody = Još nitko nije tražio revanš ({ $n } od { $of }).
web-rematch-waiting = Čeka se: { $names }…
web-watch-again = Pogledaj ovu igru ponovno
web-copy-the-link = Kopiraj poveznicu
web-starting = Počinje…
web-play-again = Igraj ponovno
web-take-back = Povuci
web-check-deal = Provjeri dijeljenje
web-waiting-deal = Čeka se dijeljenje…
web-deal-fair = Dijeljenje je bilo pošteno.
web-deal-bad = Dijeljenje se ne slaže.

## Chat

web-chat = Čavrljanje
web-say-something = Reci nešto
web-chat-title = Enter šalje; Esc se vraća na stol (razmak okreće)
web-send = Pošalji
web-chat-off = Domaćin je isključio čavrljanje.

## Connection and name

web-not-connected = Nema veze: pokušaj za trenutak.
web-connection-lost = Veza je prekinuta.
web-trying-again = Novi pokušaj za { $n } s…
web-seat-kept = Tvoje mjesto te čeka.
web-try-now = Pokušaj sada
web-dismiss = Zatvori
web-change-name = Promijeni ime
web-welcome = Dobro došli u krig
web-invited-by = Pozvan si za stol: { $name } (soba { $code }).
web-invited = Pozvan si u sobu { $code }.
web-call-you = Kako da te stol zove?
web-name-example = npr. Ada
web-join-table = Sjedni za stol
web-lets-play = Igrajmo
web-cancel = Odustani
web-remembered = Pamti se u ovom pregledniku.
web-next-room = Novo ime vrijedi od sljedeće sobe.

## The home page

web-hero = Rat s prijateljima
web-lead = Kartaška igra čiste sreće, u pregledniku: svi okreću odjednom, iste karte znače rat. Pravila iz pet zemalja, 2 do 4 igrača, računalni igrači kad vas je premalo.
web-host-game = Pokreni igru
web-players = Igrači
web-round-cap = Ograničenje poteza
web-cap-after = Nakon { $n } poteza pobjeđuje najviše karata.
web-cap-none = Nema: igra traje dok jedan igrač nema sve karte.
web-every-rule = Sva pravila, riječima
web-list-it = Prikaži na popisu otvorenih soba
web-ready-checks-long = Provjera spremnosti (igrači moraju reći da su spremni)
web-create-room = Otvori sobu
web-play-computer = Igraj protiv računala sada
web-join-friend = Pridruži se prijatelju
web-room-code = Kod sobe
web-take-seat = Sjedni
web-watch = Gledaj
web-quick-game = Brza igra
web-quick-hint = Sjedni za javni stol; računalni igrači ga popune ako nitko ne dođe.
web-find-table = Nađi stol
web-open-rooms = Otvorene sobe
web-lobby-empty = Trenutno nema otvorenih soba. Pokreni jednu ili nađi brzu igru.
web-join = Pridruži se
web-n-players = Igrači: { $n }

## Banners, offers and the way back to a room

web-other-tab = Ovo je mjesto otvoreno u drugoj kartici ili prozoru; ovdje je igra zaustavljena. Ponovno učitaj stranicu da ga vratiš.
web-share-title = krig: igraj Rat sa mnom
web-share-text = Pridruži se mojoj igri Rata (soba { $code })
web-back-to-table = Natrag za stol
web-joining = Ulazak
web-in-room = u sobu { $code }
web-offer-started = Igra u sobi { $code } već traje.
web-offer-full = Soba { $code } je puna.
web-offer-locked = Domaćin je zaključao sobu { $code }.
web-offer-watch-it = Želiš li gledati?
web-watch-game = Gledaj igru
web-back-home = Na početnu
web-local-hint = Ovaj poslužitelj sluša samo na ovom računalu: pokreni ga s { $host } (ili { $public }) da prijatelji izvana mogu otvoriti poveznicu.

## The rules on the host form

web-source = Izvor: { $source }
web-source-project = krigov vlastiti izbor: izvori šute
web-source-usual = uobičajeni špil
web-presets-value = iz predloška: { $value }
web-group-deck = Špil
web-group-wars = Ratovi
web-group-won = Osvojene karte
web-group-end = Kako igra završava
web-lobby-seats = mjesta: { $taken }/{ $players }
web-lobby-lobby = čeka
web-lobby-playing = igra se
web-lobby-over = gotovo

## The waiting room and the host's controls

web-waiting-ready = Čeka se spremnost: { $names }.
web-waiting-players = Čekaju se igrači: zauzeto { $taken } od { $seats } mjesta. Igra počinje kad se zauzme posljednje mjesto{ $host ->
    [yes] {""} ili kad je pokreneš
   *[no] {""}
  }.
web-everyone-here = Svi su tu.
web-waiting-room = Čekaonica
web-slot-bot = spremno (računalo)
web-slot-bot-level = spremno (računalo, { $level })
web-slot-ready = spremno ✓
web-slot-not-ready = još nije spremno
web-slot-free = čeka prijatelja…
web-add-bot = Dodaj računalnog igrača
web-remove-seat = Ukloni: { $name }
web-remove = Ukloni
web-sit-here = Sjedni ovdje
web-ready = Javljam spremnost
web-ready-undo = Ipak povlačim spremnost
web-you-host = Ti si domaćin
web-start-now = Počni odmah
web-start-fill = Počni odmah (računalni igrači zauzet će { $n ->
    [one] { $n } prazno mjesto
    [few] { $n } prazna mjesta
   *[other] { $n } praznih mjesta
  })
web-bot-level = Razina računala
web-level-easy = lagana
web-level-normal = normalna
web-level-hard = teška
web-level-easy-long = lagana: igra nasumce
web-level-normal-long = normalna: nisko u potezu, visoko u ratu
web-level-hard-long = teška: broji karte
web-lock-room = Zaključaj sobu (bez novih igrača)
web-let-watch = Dopusti gledanje
web-ready-checks = Provjera spremnosti
web-s-a-turn = { $n } s po potezu
web-change-rules = Promijeni pravila
web-say-out = Bez karata: { $name }.
web-say-out-you = Nemaš više karata.

## The deal check (PROTOCOL.md §5a)

web-hash-by-webcrypto = WebCrypto
web-hash-by-page = vlastiti SHA-256 stranice (nema WebCrypta na običnoj http stranici)
web-deal-hashes = Sažetak dijeljenja (SHA-256, pomoću { $how }) odgovara obvezi { $commitment }… { $early ->
    [yes] objavljenoj na početku igre, prije prvog okretanja
   *[no] (ova se stranica pridružila kasno: usporedila je otkrivenu)
  }.
web-deal-hash-differs = Sažetak dijeljenja je { $computed }…, a ne obveza { $announced }… objavljena na početku.
web-deal-other-commitment = Poslužitelj je otkrio drugu obvezu od one koju je objavio.
web-deal-whole = Špil je potpun: { $n ->
    [one] { $n } karta
    [few] { $n } karte
   *[other] { $n } karata
  }, svaka jednom{ $aside ->
    [0] {""}
   *[other] , po strani: { $aside }
  }.
web-deal-not-whole = Podijeljeno nije špil sobe (karata: { $n }), svaka jednom.
web-deal-counts = Svako je mjesto dobilo najavljeni broj karata ({ $sizes }).
web-deal-counts-differ = Hrpe ({ $sizes }) nisu najavljeni brojevi ({ $counts }).
web-deal-order-wrong = { $wrong ->
    [one] { $wrong } otvorena karta nije došla
    [few] { $wrong } otvorene karte nisu došle
   *[other] { $wrong } otvorenih karata nije došlo
  } redom s podijeljenih hrpa.
web-deal-order = Otvorene karte s podijeljenih hrpa ({ $matched }) došle su redom kojim su podijeljene.

## The replay page (/r/CODE/g/N, /replay)

web-replay-title = Pogledaj igru ponovno
web-replay-loading = Učitavanje igre { $game } iz sobe { $code }…
web-replay-drop = Ispusti ovdje zapis igre (krig-server record ROOM --json) ili ga otvori.
web-replay-open = Otvori datoteku zapisa…
web-replay-unknown = Poslužitelj nema zapis igre { $game } u sobi { $code } (zapis igre čuva se neko vrijeme nakon njezina kraja).
web-replay-offline = Nema veze: zapis će se učitati kad se veza vrati.
web-replay-game = Igra { $game } u sobi { $code }
web-replay-deal = Dijeljenje
web-replay-checking = Provjera dijeljenja…
web-replay-no-deal = Zapis nema otkriveno dijeljenje za provjeru.
web-replay-not-json = Ta datoteka nije zapis igre: nije JSON.
web-replay-not-record = Ta datoteka nije zapis igre (zapis piše krig-server record --json).
web-replay-no-events = Taj zapis nema događaja za reprodukciju (piše ih krig-server record).
web-playback = Reprodukcija
web-trick-back = Jedan potez natrag
web-trick-forward = Jedan potez naprijed
web-trick-prev = ◀ Potez
web-trick-next = Potez ▶
web-pause = Pauza
web-at-end = Na kraju
web-play = Reproduciraj
web-speed = Brzina
web-replay-pos = { $pos ->
    [0] Dijeljenje
   *[other] Nakon poteza { $pos }
  } od { $tricks }
