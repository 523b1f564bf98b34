# Termināļa lietotnes ekrāni (client_cli/tui). Spēles vārdi kā docs/TRANSLATING.md:
# karš, gājiens, kaudze, saimnieks, istaba, vieta, skatītājs.

## Errors that end a session
tui-error-closed = Serveris beidza sesiju ({ $detail }).
tui-error-timeout = Serveris neatbildēja laikā.
tui-error-unreachable = Nevar sasniegt serveri ({ $detail }).
tui-error-other = Kaut kas nogāja greizi: { $detail }

## Keys
tui-arrows-updown = augšup/lejup
tui-arrows-leftright = pa kreisi/pa labi
tui-key-choose = izvēlēties
tui-key-go = aiziet
tui-key-shortcuts = īsceļi
tui-key-quit = iziet
tui-key-choose-setting = izvēlēties iestatījumu
tui-key-change = mainīt
tui-key-back = atpakaļ
tui-key-create = izveidot istabu
tui-key-find = meklēt spēli
tui-key-join = pievienoties
tui-key-watch = skatīties
tui-key-keep = saglabāt

## The start screen
tui-start-title = krig · Karš, kāršu spēle, ar draugiem
tui-menu-computer = Spēlēt pret datoru tūlīt: klasiskais Karš, viens datora spēlētājs
tui-menu-host = Rīkot spēli: izvēlies noteikumus, aicini draugus vai datoru
tui-menu-join = Pievienoties spēlei pēc koda
tui-menu-quick = Ātrā spēle: vieta nākamajā publiskajā spēlē
tui-menu-lobby = Atvērtās istabas: publiskās spēles, kur pievienoties vai skatīties
tui-menu-watch = Skatīties spēli pēc koda
tui-menu-name = Mainīt vārdu
tui-menu-quit = Iziet no krig
tui-start-browser = Draugi bez krig var spēlēt pārlūkā: gaidīšanas istaba rāda saiti.
tui-start-who = Tavs vārds: { $name }; serveris: { $url }.

## The host form and the quick game form
tui-host-title = Rīkot spēli: galds un tā noteikumi
tui-form-game = Spēle
tui-form-room = Istaba
tui-form-rules = Noteikumi
tui-form-source = avots: { $source }
tui-form-quote = { $source }: “{ $text }”
tui-form-seats = Vietas pie galda
tui-form-n-seats = { $count ->
    [zero] { $count } vietu
    [one] { $count } vieta
   *[other] { $count } vietas
}
tui-form-seats-note = tu un vēl līdz 3; datora spēlētāji var tās aizpildīt
tui-form-bots = Datora spēlētāji tūlīt
tui-form-bots-none = nav
tui-form-bots-note = dators katrā citā vietā sāk spēli uzreiz; vairāk var pievienot, vai tukšās vietas aizpildīt, gaidīšanas istabā
tui-form-level = Datora spēlētāju līmenis
tui-level-easy = viegls
tui-level-normal = parasts
tui-level-hard = grūts
tui-form-level-note = viegls liek nejauši; parasts zemu gājienā, augstu karā; grūts skaita kārtis (spēles ar roku)
tui-form-public = Redzama atvērto istabu sarakstā
tui-form-public-yes = jā: var pievienoties ikviens
tui-form-public-no = nē: tikai ar kodu
tui-form-ready = Gatavības pārbaude
tui-form-ready-yes = katrs spēlētājs saka, ka ir gatavs
tui-form-ready-no = apsēžoties spēlētājs ir gatavs
tui-form-too-many-bots = Vietu skaits: { $seats }; datora spēlētāju var būt ne vairāk kā { $most }.
tui-group-wars = Kari
tui-group-deck = Kāršu kava
tui-group-won = Vinnētās kārtis
tui-group-arneson = Arnesons: kārtis rokā, no kurām izvēlēties
tui-group-repeats = Spēle, kas atkārtojas
tui-quick-title = Ātrā spēle: vieta nākamajā publiskajā spēlē ar šiem noteikumiem
tui-quick-note = datora spēlētāji aizpilda galdu, kas laikā nepiepildās
tui-quick-players = Spēlētāji
tui-quick-n-players = { $count ->
    [zero] { $count } spēlētāju
    [one] { $count } spēlētājs
   *[other] { $count } spēlētāji
}

## Join or watch by code, the name
tui-code-join-title = Pievienoties spēlei
tui-code-watch-title = Skatīties spēli
tui-code-hint = Istabas kods, kā to saņēma saimnieks (piemēram, K7P-Q3X):
tui-code-placeholder = kods
tui-code-empty = Vispirms ieraksti istabas kodu.
tui-name-title = Tavs vārds pie galda
tui-name-hint = No 1 līdz 32 zīmēm; citi pie galda to redz.
tui-name-empty = Vārdā jābūt vismaz vienai zīmei.

## Open rooms
tui-lobby-title = Atvērtās istabas
tui-lobby-code = kods
tui-lobby-rules = noteikumi
tui-lobby-seats = vietas
tui-lobby-state = stāvoklis
tui-lobby-watching = skatās
tui-lobby-lobby = gaida
tui-lobby-playing = spēlē
tui-lobby-over = beigusies
tui-lobby-taken = { $taken } no { $players }
tui-lobby-empty = Pašlaik nav atvērtu istabu: rīko spēli vai sāc ātro spēli.

## The host's settings in the waiting room
tui-settings-title = Noteikumi un istabas iestatījumi (nākamajai spēlei)
tui-key-apply = lietot
tui-settings-turn = Gājiena laika limits
tui-settings-turn-s = { $seconds } s
tui-settings-turn-note = par spēlētāju, kurš laikā neapgriež kārti, spēlē serveris
tui-settings-watchers = Skatītāji
tui-settings-allowed = atļauti
tui-settings-not-allowed = nav atļauti
tui-settings-locked = Slēgta
tui-settings-locked-yes = jā: jauni spēlētāji netiek
tui-settings-locked-no = nē: ikviens ar kodu var apsēsties
tui-settings-chat = Tērzēšana
tui-yes = jā
tui-on = ieslēgta
tui-off = izslēgta

## The room screen
tui-room-reconnecting = savienojums zudis: savienojas no jauna…
tui-room-fatal = Serveris beidza sesiju: { $detail }.
tui-key-send = sūtīt
tui-key-close-chat = aizvērt tērzēšanu
tui-key-choose-card = izvēlēties kārti
tui-key-flip = apgriezt
tui-key-unlock = atslēgt
tui-key-lock = slēgt
tui-key-start = sākt
tui-key-add-bot = +dators
tui-key-remove = noņemt
tui-key-rules = noteikumi
tui-key-not-ready = atsaukt gatavību
tui-key-ready = pieteikt gatavību
tui-key-unrematch = atsaukt revanšu
tui-key-rematch = revanšs
tui-key-verify = pārbaudīt dalīšanu
tui-key-chat = tērzēt
tui-key-leave = iziet
tui-key-stop-watching = beigt skatīties
tui-room-seat-freed = Saimnieks atbrīvoja tavu vietu: tagad tu skaties.
tui-room-hand-keys = { $count ->
    [zero] Rokā { $count } kāršu: spied { $keys }.
    [one] Rokā { $count } kārts: spied { $keys }.
   *[other] Rokā { $count } kārtis: spied { $keys }.
}
tui-room-host-only = To var tikai saimnieks.
tui-room-nobody-seated = Neviens cits vēl nesēž pie galda.
tui-room-chat-placeholder = saki kaut ko (Enter sūta, Esc aizver)
tui-leave-title = Pamest šo spēli?
tui-leave-note = Spēle turpinās bez tevis: tavā vietā spēlē serveris.
tui-leave-leave = pamest istabu, atpakaļ uz sākuma ekrānu
tui-leave-quit = iziet no krig
tui-leave-stay = palikt un spēlēt tālāk
tui-remove-title = Kuru vietu noņemt? (Enter noņem, Esc patur)
tui-remove-seat = vieta { $n }: { $name }
tui-verify-checking = Pārbauda { $game }. spēles dalīšanu…
tui-verify-bad = Ieraksts neiztur pārbaudi:
tui-verify-good = Pārbaudīts, viss sakrīt:
tui-verify-not-checked = Šeit nav pārbaudīts: { $what }.
tui-verify-shell = No čaulas:
tui-verify-esc = Esc aizver.

## The table
tui-name-you = { $name } (tu)
tui-you = Tu
tui-you-lower = tu
tui-you-reason = tu
tui-nobody = neviens
tui-a-player = spēlētājs
tui-head-no-room = (nav istabas)
tui-head-room = istaba
tui-head-waiting = gaida spēlētājus
tui-head-game = spēle { $game }
tui-head-won = (uzvaras: { $score })
tui-head-over = beigusies
tui-head-trick = gājiens { $trick }
tui-head-you-watch = tu skaties
tui-head-you-watch-more = tu skaties; vēl skatītāji: { $count }
tui-head-watching = skatītāji: { $count }
tui-head-invite = Ielūgt:
tui-head-browser = pārlūkā:
tui-wait-players = Gaida spēlētājus: aizņemtas vietas { $taken } no { $seats }.
tui-wait-host-start = Sāc tūlīt (s), un tukšās vietas aizņems datora spēlētāji.
tui-wait-starts = Spēle sākas, kad galds ir pilns vai kad to sāk saimnieks.
tui-wait-full-ready = Visas vietas aizņemtas: spēle sāksies, kad visi būs gatavi.
tui-wait-full = Visas vietas aizņemtas: spēle sākas.
tui-seat-free = brīva
tui-tag-host = saimnieks
tui-tag-computer = dators
tui-tag-away = nav savienojuma
tui-out-of-game = ārpus spēles
tui-last-trick-note = (iepriekšējais gājiens)
tui-seat-ready = gatavība
tui-seat-not-ready = nav gatavības
tui-wait-rules = Noteikumi:
tui-wait-changed = , mainīti:
tui-wait-room = Istaba:
tui-set-public = publiska (sarakstā)
tui-set-private = privāta (ar kodu)
tui-set-locked = slēgta
tui-set-open = atvērta spēlētājiem
tui-set-watchers = skatītāji atļauti
tui-set-no-watchers = bez skatītājiem
tui-set-chat-on = tērzēšana ieslēgta
tui-set-chat-off = tērzēšana izslēgta
tui-set-ready = gatavības pārbaude
tui-set-seat-ready = vieta nozīmē gatavību
tui-set-timer = laika limits { $seconds } s
tui-set-no-timer = bez laika limita
tui-n-cards = { $count ->
    [zero] { $count } kāršu
    [one] { $count } kārts
   *[other] { $count } kārtis
}
tui-flip-played = izspēlēta
tui-flip-to-play = jāizspēlē
tui-flip-flipped = atvērta
tui-flip-to-flip = jāapgriež
tui-flip-laid = noliktas
tui-flip-sits-out = nav šajā karā
tui-your-hand = Tavas kārtis
tui-war-bang = KARŠ!
tui-war-tied = Vienāda ranga kārtis: { $names }. { $down ->
    [0] Katram viena atvērta.
   *[other] Aizvērtas: { $down }, tad viena atvērta.
}
tui-war-tied-rank = Vienāda ranga kārtis ({ $rank }): { $names }. { $down ->
    [0] Katram viena atvērta.
   *[other] Aizvērtas: { $down }, tad viena atvērta.
}
tui-rank-jacks = kalpi
tui-rank-queens = dāmas
tui-rank-kings = karaļi
tui-rank-aces = dūži
tui-rank-jokers = džokeri
tui-rank-n = { $n }
tui-took = { $you ->
    [yes] Tu paņem { $total ->
        [zero] { $total } kāršu
        [one] { $total } kārti
       *[other] { $total } kārtis
    }
   *[no] { $name } paņem { $total ->
        [zero] { $total } kāršu
        [one] { $total } kārti
       *[other] { $total } kārtis
    }
}
tui-after-war = { $rounds ->
    [1] pēc kara
   *[other] pēc kara (kārtas: { $rounds })
}
tui-begin = Spēle { $game }: katrs apgriež kārti, augstākā paņem gājienu.
tui-begin-hand = Spēle { $game }: katrs izvēlas kārti, augstākā paņem gājienu.
tui-turn-hand = Tavs gājiens: izvēlies kārti ({ $keys }).
tui-turn-flip = Tavs gājiens: spied atstarpi, lai apgrieztu.
tui-waiting-for = Gaidām: { $names }.
tui-revealing = Atver kārtis…
tui-you-out = Tu izkrīti no šīs spēles; skaties to līdz beigām.
tui-you-sit-out = Tu nepiedalies šajā karā.
tui-watching = Skaties.
tui-clock-turn = gājiens { $time }
tui-clock-game = līdz spēles beigām { $time }
tui-clock = laiks:
tui-log-title = Gājieni
tui-log-none = vēl nav
tui-log-war = KARŠ
tui-chat-title = Tērzēšana
tui-chat-watching = (skatās)
tui-chat-off = (izslēgta)
tui-chat-hint = spied c, lai kaut ko teiktu

## Game over
tui-over-cards = { $count ->
    [zero] { $n } kāršu
    [one] { $n } kārts
   *[other] { $n } kārtis
}
tui-over-wars-won = uzvarēti kari: { $count }
tui-over-wars = { $count ->
    [zero] { $count } karu
    [one] { $count } karš
   *[other] { $count } kari
}
tui-over-rounds = (kārtas: { $count })
tui-over-longest = ; garākais: { $count } kārtas
tui-over-tricks = Gājieni: { $count }; { $wars }.
tui-over-score = Uzvarētās spēles šajā istabā:
tui-over-set-aside = Nolikts malā, dalot:
tui-rematch = Revanšs:
tui-rematch-nobody = neviens vēl nav prasījis.
tui-rematch-ask = Spied r, lai prasītu.
tui-rematch-wants = { $many ->
    [yes] Revanšu grib: { $names } ({ $ready } no { $players }).
   *[no] Revanšu grib: { $names } ({ $ready } no { $players }).
}
tui-rematch-join = Spied r, lai pievienotos.
tui-rematch-back = Spied r, lai atsauktu savu.
tui-over-verify = Pārbaudi, vai dalīšana bija godīga: spied v (vai palaid
tui-over-verify-end = ).
tui-keyname-space = atstarpe

## Comings and goings in the chat
tui-seat-joined = Apsēžas: { $name }
tui-seat-joined-bot = Apsēžas: { $name } (dators)
tui-seat-left = Aiziet: { $name }
tui-seat-lost = Zudis savienojums: { $name }
tui-seat-back = Atgriežas: { $name }
