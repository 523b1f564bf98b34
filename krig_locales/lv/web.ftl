# Lapas pašas teikumi (server/web/), latviski. Vārdi: karš, gājiens, kaudze,
# atsevišķa kaudze, aizvērta / atvērta kārts (docs/TRANSLATING.md).

web-title = krig: Karš ar draugiem
web-language = Valoda
web-home = krig sākumlapa
web-playing-as = Spēlē: { $name }
web-connected = Savienots
web-reconnecting = Savieno atkal…
web-connecting = Savieno…
web-rename = Tavs vārds: { $name }. Mainīt
web-rename-unset = Tavs vārds: nav norādīts. Mainīt
web-your-name = Tavs vārds
web-sound-on = ♪ Skaņa ieslēgta
web-sound-off = ♪ Skaņa izslēgta

## The room

web-room = Istaba
web-stop-watching = Beigt skatīties
web-leave = Iziet no istabas
web-seats-n = Vietas: { $n }
web-watching = skatās
web-spectators-title = skatītāji
web-spectators = Skatītāji: { $n }
web-locked = slēgta
web-listed = sarakstā
web-score-label = Uzvarētās spēles šajā istabā
web-games-won = Uzvarētās spēles
web-invite = Uzaicini draugus
web-invite-link = Uzaicinājuma saite
web-copied = Nokopēts ✓
web-copy = Kopēt saiti
web-share = Dalīties…
web-tag-you = tu
web-tag-host = saimnieks
web-tag-computer = dators
web-tag-away = prom
web-empty-seat = Brīva vieta
web-seat-n = vieta { $n }
web-rules = Noteikumi
web-turn-timer = Laiks gājienam
web-seconds = { $n } s
web-off = izslēgts

## The table

web-card-name = { $suit ->
    [0] kreiča
    [1] kārava
    [2] ercena
   *[3] pīķa
  } { $rank ->
    [11] kalps
    [12] dāma
    [13] kungs
    [14] dūzis
   *[other] { $rank }
  }
web-card-red-joker = sarkanais džokers
web-card-black-joker = melnais džokers
web-card-down = aizvērta kārts
web-the-table = Galds
web-seats = Vietas
web-war-banner = KARŠ!
web-trick-no = Gājiens { $n }:
web-state-out = ārā
web-state-your-turn = tavs gājiens
web-state-to-flip = jāatver
web-state-flipped = atvēra
web-state-watching-war = skatās karu
web-seat-label = { $name }{ $you ->
    [yes] {" "}(tu)
   *[no] {""}
  }: kārtis: { $held }
web-seat-label-winnings = (kaudzē: { $pile }, laimētas: { $winnings })
web-pile = kaudze
web-cards = kārtis
web-won = laimētas
web-on-table = { $name }: kārtis uz galda
web-game-over-line = Spēle ir beigusies.
web-game-over = Spēle ir beigusies
web-dealt = Kārtis ir izdalītas.
web-all-down = Visas kārtis ir uz galda…
web-all-down-reveal = Visas kārtis ir uz galda: tūlīt tās atvērs.
web-waiting-for = Gaida: { $names }.
web-waiting-to-flip = Gaida, kad atvērs: { $names }.
web-waiting-to-choose = Gaida, kad izvēlēsies kārti: { $names }.
web-you-are-out = Tev vairs nav kāršu: tu skaties, kā spēlē tālāk { $names }.
web-sit-out = Šo karu tu izlaid.
web-your-turn = Tavs gājiens: { $how }.
web-how-choose = izvēlies kārti ({ $keys })
web-tap-it = pieskaries tai
web-keys = taustiņi 1–{ $n }
web-tap-flip = pieskaries Atvērt
web-press-space = nospied atstarpi
web-press-space-or-flip = nospied atstarpi vai Atvērt
web-flip-your-card = atver savu kārti (atstarpe)
web-clock-flip = { $n } s, lai atvērtu
web-clock-choose = { $n } s, lai izvēlētos
web-game-ends-in = Spēle beigsies pēc
web-watching-hint = Tu skaties. Kārtis var atvērt tikai spēlētāji.
web-lay-down = Noliec { $n } aizvērtas, 1 atvērtu
web-flip-war = Atvērt karam
web-flip = Atvērt
web-flipped = Atvērts
web-hand-label = Tava roka: izvēlies kārti (taustiņi no 1 līdz { $n })
web-play-card = Spēlēt { $card } (taustiņš { $key })
web-last-tricks = Pēdējie gājieni
web-log-empty = Vēl nekā: pirmais gājiens ir uz galda.
web-war-tag = KARŠ
web-log-you-take = Tu paņem { $total }
web-log-takes = { $name } paņem { $total }
web-you = Tu
web-you-lower = tu
web-you-first = tu
web-list = { $head } un { $last }
web-say-started = Spēle ir sākusies.
web-say-tap-to-flip = Pieskaries Atvērt, lai atvērtu kārti.
web-say-press-to-flip = Nospied atstarpi, lai atvērtu kārti.
web-say-war-cards = Kara kārtis
web-say-revealed = Atvērtas
web-rank-plural = { $rank ->
    [11] kalpi
    [12] dāmas
    [13] kungi
    [14] dūži
    [15] džokeri
   *[other] { $rank }
  }
web-tied = Vienādas kārtis: { $names }
web-tied-with = Vienādas kārtis ({ $rank }): { $names }
web-war-lay = { $n } aizvērtas, tad viena atvērta.
web-war-one-up = katram viena atvērta kārts.
web-trick-you-take = Tu paņem { $total }
web-trick-takes = { $name } paņem { $total }
web-trick-after-wars = pēc { $wars ->
    [zero] { $wars } kariem
    [one] { $wars } kara
   *[other] { $wars } kariem
  }
web-trick-with-over = ar { $card } pret { $others }

## Game over

web-nobody = neviens
web-a-player = kāds spēlētājs
web-reason-all_cards = visas kārtis ({ $cards }): { $winner }
web-reason-short_war = par maz kāršu, lai pabeigtu karu: { $loser }
web-reason-exhausted_tie = kara laikā visiem beidzās kārtis
web-reason-time_limit = laiks beidzās, un uzvar tas, kam visvairāk kāršu
web-reason-wars_won = uzvarēti kari ({ $wars }): { $winner }
web-reason-round_cap = sasniegts gājienu skaits ({ $tricks }), un uzvar tas, kam visvairāk kāršu
web-reason-cycle = spēle atkārtojās bezgalīgi
web-reason-abandoned = visi spēlētāji aizgāja, un uzvar tas, kam visvairāk kāršu
web-col-place = Vieta
web-col-player = Spēlētājs
web-col-cards = Kārtis
web-col-wars-won = Uzvarēti kari
web-stats = Gājieni: { $tricks } · { $wars } { $wars ->
    [zero] karu
    [one] karš
   *[other] kari
  }
web-longest-war = garākais karš
web-in-a-row = { $n } pēc kārtas
web-none = nav
web-rematch-want = { $names } { $count ->
    [zero] grib
    [one] grib
   *[other] grib
  } revanšu: { $n } no { $of }.
web-rematch-you = { $names } gribi revanšu: { $n } no { $of }.
web-rematch-nobody = Neviens vēl nav lūdzis revanšu ({ $n } no { $of }).
web-rematch-waiting = Gaida: { $names }…
web-watch-again = Noskatīties šo spēli vēlreiz
web-copy-the-link = Kopēt saiti
web-starting = Sākas…
web-play-again = Spēlēt vēlreiz
web-take-back = Atsaukt
web-check-deal = Pārbaudīt izdalīšanu
web-waiting-deal = Gaida izdalīšanu…
web-deal-fair = Izdalīšana bija godīga.
web-deal-bad = Izdalīšana nesakrīt.

## Chat

web-chat = Tērzēšana
web-say-something = Saki kaut ko
web-chat-title = Enter nosūta; Esc atgriežas pie galda (atstarpe atver)
web-send = Sūtīt
web-chat-off = Saimnieks izslēdza tērzēšanu.

## Connection and name

web-not-connected = Nav savienojuma: mēģini pēc brīža.
web-connection-lost = Savienojums pārtrūka.
web-trying-again = Mēģinās vēlreiz pēc { $n } s…
web-seat-kept = Tava vieta tiek turēta.
web-try-now = Mēģināt tagad
web-dismiss = Aizvērt
web-change-name = Mainīt vārdu
web-welcome = Laipni lūgts krig
web-invited-by = Tevi aicina pie galda: { $name } (istaba { $code }).
web-invited = Tevi aicina uz istabu { $code }.
web-call-you = Kā galdam tevi saukt?
web-name-example = piem., Ada
web-join-table = Pievienoties galdam
web-lets-play = Spēlējam
web-cancel = Atcelt
web-remembered = Saglabāts šajā pārlūkā.
web-next-room = Jaunais vārds derēs nākamajā istabā.

## The home page

web-hero = Karš ar draugiem
web-lead = Tīras veiksmes kāršu spēle pārlūkā: visi atver reizē, vienādas kārtis nozīmē karu. Piecu valstu noteikumi, 2 līdz 4 spēlētāji, datora spēlētāji, ja jūs ir par maz.
web-host-game = Rīkot spēli
web-players = Spēlētāji
web-round-cap = Gājienu limits
web-cap-after = Pēc { $n } gājieniem uzvar visvairāk kāršu.
web-cap-none = Nav: spēle turpinās, līdz vienam spēlētājam ir visas kārtis.
web-every-rule = Visi noteikumi vārdos
web-list-it = Rādīt atvērto istabu sarakstā
web-ready-checks-long = Gatavības pārbaude (spēlētājiem jāpasaka, ka ir gatavi)
web-create-room = Izveidot istabu
web-play-computer = Spēlēt pret datoru tagad
web-join-friend = Pievienoties draugam
web-room-code = Istabas kods
web-take-seat = Apsēsties
web-watch = Skatīties
web-quick-game = Ātrā spēle
web-quick-hint = Apsēdies pie publiska galda; ja neviens nenāk, vietas aizņem datora spēlētāji.
web-find-table = Atrast galdu
web-open-rooms = Atvērtās istabas
web-lobby-empty = Pašlaik nav atvērtu istabu. Izveido kādu vai atrodi ātro spēli.
web-join = Pievienoties
web-n-players = Spēlētāji: { $n }

## Banners, offers and the way back to a room

web-other-tab = Šī vieta tika atvērta citā cilnē vai logā; šeit spēle apstājās. Pārlādē lapu, lai to atgūtu.
web-share-title = krig: spēlē Karu ar mani
web-share-text = Pievienojies manai Kara spēlei (istaba { $code })
web-back-to-table = Atpakaļ pie galda
web-joining = Pievienojas
web-in-room = istabai { $code }
web-offer-started = Spēle istabā { $code } jau notiek.
web-offer-full = Istaba { $code } ir pilna.
web-offer-locked = Saimnieks aizslēdza istabu { $code }.
web-offer-watch-it = Skatīties?
web-watch-game = Skatīties spēli
web-back-home = Uz sākumu
web-local-hint = Šis serveris klausās tikai šajā datorā: palaid to ar { $host } (vai { $public }), lai draugi no citurienes varētu atvērt saiti.

## The rules on the host form

web-source = Avots: { $source }
web-source-project = krig pašu izvēle: avoti klusē
web-source-usual = parastā kava
web-presets-value = no komplekta: { $value }
web-group-deck = Kava
web-group-wars = Kari
web-group-won = Uzvarētās kārtis
web-group-end = Kā spēle beidzas
web-lobby-seats = vietas: { $taken }/{ $players }
web-lobby-lobby = gaida
web-lobby-playing = spēlē
web-lobby-over = beigusies

## The waiting room and the host's controls

web-waiting-ready = Gaida, kad būs gatavi: { $names }.
web-waiting-players = Gaida spēlētājus: aizņemtas vietas { $taken } no { $seats }. Spēle sāksies, kad aizņems pēdējo vietu{ $host ->
    [yes] {""} vai kad tu to sāksi
   *[no] {""}
  }.
web-everyone-here = Visi ir klāt.
web-waiting-room = Gaidīšanas istaba
web-slot-bot = gatavs (dators)
web-slot-bot-level = gatavs (dators, { $level })
web-slot-ready = gatavs ✓
web-slot-not-ready = vēl nav gatavs
web-slot-free = gaida draugu…
web-add-bot = Pievienot datora spēlētāju
web-remove-seat = Noņemt: { $name }
web-remove = Noņemt
web-sit-here = Sēsties šeit
web-ready = Esmu gatavs
web-ready-undo = Tomēr neesmu gatavs
web-you-host = Tu esi saimnieks
web-start-now = Sākt tūlīt
web-start-fill = Sākt tūlīt (datora spēlētāji aizņems { $n ->
    [zero] { $n } tukšo vietu
    [one] tukšo vietu
   *[other] { $n } tukšās vietas
  })
web-bot-level = Datora līmenis
web-level-easy = viegls
web-level-normal = parasts
web-level-hard = grūts
web-level-easy-long = viegls: liek nejauši
web-level-normal-long = parasts: zemu gājienā, augstu karā
web-level-hard-long = grūts: skaita kārtis
web-lock-room = Aizslēgt istabu (jauni spēlētāji nevar nākt)
web-let-watch = Ļaut skatīties
web-ready-checks = Gatavības pārbaude
web-s-a-turn = { $n } s gājienam
web-change-rules = Mainīt noteikumus
web-say-out = Kārtis beigušās: { $name }.
web-say-out-you = Tev vairs nav kāršu.

## The deal check (PROTOCOL.md §5a)

web-hash-by-webcrypto = WebCrypto
web-hash-by-page = lapas pašas SHA-256 (parastā http lapā nav WebCrypto)
web-deal-hashes = Izdalīšanas jaucējvērtība (SHA-256, ar { $how }) sakrīt ar saistību { $commitment }… { $early ->
    [yes] kas paziņota spēles sākumā, pirms pirmās kārts atvēršanas
   *[no] (šī lapa pievienojās vēlu: tā salīdzināja atklāto)
  }.
web-deal-hash-differs = Izdalīšanas jaucējvērtība ir { $computed }…, nevis sākumā paziņotā saistība { $announced }….
web-deal-other-commitment = Serveris atklāja citu saistību, nevis to, ko paziņoja.
web-deal-whole = Kava ir pilna: { $n ->
    [zero] { $n } kāršu
    [one] { $n } kārts
   *[other] { $n } kārtis
  }, katra vienreiz{ $aside ->
    [0] {""}
   *[other] , nolikts malā: { $aside }
  }.
web-deal-not-whole = Izdalītais nav istabas kava (kāršu: { $n }), kurā katra kārts ir vienreiz.
web-deal-counts = Katra vieta saņēma paziņoto kāršu skaitu ({ $sizes }).
web-deal-counts-differ = Kaudzes ({ $sizes }) nesakrīt ar paziņotajiem skaitiem ({ $counts }).
web-deal-order-wrong = { $wrong ->
    [zero] { $wrong } atvērto kāršu nenāca
    [one] { $wrong } atvērtā kārts nenāca
   *[other] { $wrong } atvērtās kārtis nenāca
  } no izdalītajām kaudzēm pēc kārtas.
web-deal-order = Atvērtās kārtis no izdalītajām kaudzēm ({ $matched }) nāca tādā secībā, kādā tās izdalīja.

## The replay page (/r/CODE/g/N, /replay)

web-replay-title = Noskatīties spēli vēlreiz
web-replay-loading = Ielādē { $game }. spēli no istabas { $code }…
web-replay-drop = Nomet šeit spēles ierakstu (krig-server record ROOM --json) vai atver to.
web-replay-open = Atvērt ieraksta failu…
web-replay-unknown = Serverim nav { $game }. spēles ieraksta no istabas { $code } (spēles ierakstu glabā kādu laiku pēc tās beigām).
web-replay-offline = Nav savienojuma: ieraksts ielādēsies, kad savienojums atgriezīsies.
web-replay-game = { $game }. spēle istabā { $code }
web-replay-deal = Izdalīšana
web-replay-checking = Pārbauda izdalīšanu…
web-replay-no-deal = Ierakstā nav atklātas izdalīšanas, ko pārbaudīt.
web-replay-not-json = Šis fails nav spēles ieraksts: tas nav JSON.
web-replay-not-record = Šis fails nav spēles ieraksts (to raksta krig-server record --json).
web-replay-no-events = Šajā ierakstā nav notikumu, ko atskaņot (tos raksta krig-server record).
web-playback = Atskaņošana
web-trick-back = Vienu gājienu atpakaļ
web-trick-forward = Vienu gājienu uz priekšu
web-trick-prev = ◀ Gājiens
web-trick-next = Gājiens ▶
web-pause = Pauze
web-at-end = Beigās
web-play = Atskaņot
web-speed = Ātrums
web-replay-pos = { $pos ->
    [0] Izdalīšana
   *[other] Pēc { $pos }. gājiena
  } no { $tricks }
