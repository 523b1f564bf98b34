# Skärmarna i terminalappen (client_cli/tui). Spelets ord som i docs/TRANSLATING.md:
# krig, drabbning, högen, värd, rum, plats, åskådare.

## Errors that end a session
tui-error-closed = Servern avslutade sessionen ({ $detail }).
tui-error-timeout = Servern svarade inte i tid.
tui-error-unreachable = Når inte servern ({ $detail }).
tui-error-other = Något gick fel: { $detail }

## Keys
tui-arrows-updown = upp/ned
tui-arrows-leftright = vänster/höger
tui-key-choose = välj
tui-key-go = kör
tui-key-shortcuts = genvägar
tui-key-quit = avsluta
tui-key-choose-setting = välj en inställning
tui-key-change = ändra den
tui-key-back = tillbaka
tui-key-create = skapa rummet
tui-key-find = hitta ett spel
tui-key-join = gå med
tui-key-watch = titta
tui-key-keep = behåll

## The start screen
tui-start-title = krig · Krig, kortspelet, med vänner
tui-menu-computer = Spela mot datorn nu: klassiskt Krig, en datorspelare, ingen väntan
tui-menu-host = Var värd: välj reglerna, bjud in vänner eller datorspelare
tui-menu-join = Gå med i ett spel med dess kod
tui-menu-quick = Snabbspel: en plats i nästa öppna spel
tui-menu-lobby = Öppna rum: de offentliga spelen, att gå med i eller titta på
tui-menu-watch = Titta på ett spel med dess kod
tui-menu-name = Byt namn
tui-menu-quit = Avsluta krig
tui-start-browser = Vänner utan krig kan spela i en webbläsare: väntrummet visar länken.
tui-start-who = Du är { $name } och spelar på { $url }.

## The host form and the quick game form
tui-host-title = Var värd: bordet och dess regler
tui-form-game = Spelet
tui-form-room = Rummet
tui-form-rules = Regler
tui-form-source = källa: { $source }
tui-form-quote = { $source }: ”{ $text }”
tui-form-seats = Platser vid bordet
tui-form-n-seats = { $count ->
    [one] { $count } plats
   *[other] { $count } platser
}
tui-form-seats-note = du och upp till 3 andra; datorspelare kan fylla dem
tui-form-bots = Datorspelare som sätter sig nu
tui-form-bots-none = inga
tui-form-bots-note = en dator på varje annan plats startar spelet genast; fler kan läggas till, eller de tomma platserna fyllas, från väntrummet
tui-form-level = Datorspelarnas nivå
tui-level-easy = lätt
tui-level-normal = normal
tui-level-hard = svår
tui-form-level-note = lätt spelar på måfå; normal lågt i en drabbning, högt i ett krig; svår räknar korten (spel med hand)
tui-form-public = Listat bland de öppna rummen
tui-form-public-yes = ja: vem som helst får gå med
tui-form-public-no = nej: bara med koden
tui-form-ready = Redo-kontroll
tui-form-ready-yes = varje spelare säger redo
tui-form-ready-no = att sätta sig betyder redo
tui-form-too-many-bots = Med { $seats } platser finns det plats för högst { $most } datorspelare.
tui-group-wars = Krig
tui-group-deck = Kortleken
tui-group-won = Vunna kort
tui-group-arneson = Arneson: en hand att välja ur
tui-group-repeats = Ett spel som upprepar sig
tui-quick-title = Snabbspel: en plats i nästa öppna spel med dessa regler
tui-quick-note = datorspelare fyller ett bord som inte blir fullt i tid
tui-quick-players = Spelare
tui-quick-n-players = { $count ->
    [one] { $count } spelare
   *[other] { $count } spelare
}

## Join or watch by code, the name
tui-code-join-title = Gå med i ett spel
tui-code-watch-title = Titta på ett spel
tui-code-hint = Rummets kod, som värden fick den (till exempel K7P-Q3X):
tui-code-placeholder = kod
tui-code-empty = Skriv rummets kod först.
tui-name-title = Ditt namn vid bordet
tui-name-hint = 1 till 32 tecken; de andra vid bordet ser det.
tui-name-empty = Ett namn behöver minst ett tecken.

## Open rooms
tui-lobby-title = Öppna rum
tui-lobby-code = kod
tui-lobby-rules = regler
tui-lobby-seats = platser
tui-lobby-state = läge
tui-lobby-watching = tittar
tui-lobby-lobby = väntar
tui-lobby-playing = spelas
tui-lobby-over = slut
tui-lobby-taken = { $taken } av { $players }
tui-lobby-empty = Inga öppna rum just nu: var värd, eller starta ett snabbspel.

## The host's settings in the waiting room
tui-settings-title = Regler och rummets inställningar (för nästa spel)
tui-key-apply = använd
tui-settings-turn = Tidsgräns per tur
tui-settings-turn-s = { $seconds } s
tui-settings-turn-note = en spelare som inte har vänt i tid blir spelad för
tui-settings-watchers = Åskådare
tui-settings-allowed = tillåtna
tui-settings-not-allowed = inte tillåtna
tui-settings-locked = Låst
tui-settings-locked-yes = ja: inga nya spelare
tui-settings-locked-no = nej: alla med koden får sätta sig
tui-settings-chat = Chatt
tui-yes = ja
tui-on = på
tui-off = av

## The room screen
tui-room-reconnecting = anslutningen bröts: ansluter igen…
tui-room-fatal = Servern avslutade sessionen: { $detail }.
tui-key-send = skicka
tui-key-close-chat = stäng chattraden
tui-key-choose-card = välj ett kort
tui-key-flip = vänd
tui-key-unlock = lås upp
tui-key-lock = lås
tui-key-start = starta
tui-key-add-bot = +dator
tui-key-remove = ta bort
tui-key-rules = regler
tui-key-not-ready = inte redo
tui-key-ready = redo
tui-key-unrematch = ta tillbaka returen
tui-key-rematch = retur
tui-key-verify = kontrollera given
tui-key-chat = chatt
tui-key-leave = lämna
tui-key-stop-watching = sluta titta
tui-room-seat-freed = Värden frigjorde din plats: nu tittar du.
tui-room-hand-keys = { $count ->
    [one] Du har { $count } kort på handen: tryck { $keys }.
   *[other] Du har { $count } kort på handen: tryck { $keys }.
}
tui-room-host-only = Bara värden kan göra det.
tui-room-nobody-seated = Ingen annan sitter vid bordet än.
tui-room-chat-placeholder = säg något (Enter skickar, Esc stänger)
tui-leave-title = Lämna det här spelet?
tui-leave-note = Spelet fortsätter utan dig: servern spelar din plats.
tui-leave-leave = lämna rummet, tillbaka till startskärmen
tui-leave-quit = avsluta krig
tui-leave-stay = stanna och spela vidare
tui-remove-title = Vilken plats ska bort? (Enter tar bort, Esc behåller)
tui-remove-seat = plats { $n }: { $name }
tui-verify-checking = Kontrollerar given i spel { $game }…
tui-verify-bad = Protokollet håller inte:
tui-verify-good = Kontrollerat, och det håller:
tui-verify-not-checked = Inte kontrollerat här: { $what }.
tui-verify-shell = Från ett skal:
tui-verify-esc = Esc stänger.

## The table
tui-name-you = { $name } (du)
tui-you = Du
tui-you-lower = du
tui-you-reason = Du
tui-nobody = ingen
tui-a-player = en spelare
tui-head-no-room = (inget rum)
tui-head-room = rum
tui-head-waiting = väntar på spelare
tui-head-game = spel { $game }
tui-head-won = (vunna: { $score })
tui-head-over = slut
tui-head-trick = drabbning { $trick }
tui-head-you-watch = du tittar
tui-head-you-watch-more = du tittar tillsammans med { $count } till
tui-head-watching = { $count } tittar
tui-head-invite = Bjud in:
tui-head-browser = webbläsare:
tui-wait-players = Väntar på spelare: { $taken } av { $seats } platser tagna.
tui-wait-host-start = Starta nu (s), så tar datorspelare de tomma platserna.
tui-wait-starts = Spelet startar när bordet är fullt, eller när värden startar det.
tui-wait-full-ready = Alla platser är tagna: spelet startar när alla är redo.
tui-wait-full = Alla platser är tagna: spelet startar.
tui-seat-free = ledig
tui-tag-host = värd
tui-tag-computer = dator
tui-tag-away = borta
tui-out-of-game = ute ur spelet
tui-last-trick-note = (den förra drabbningen)
tui-seat-ready = redo
tui-seat-not-ready = inte redo
tui-wait-rules = Regler:
tui-wait-changed = , ändrade:
tui-wait-room = Rum:
tui-set-public = öppet (bland de öppna rummen)
tui-set-private = privat (med kod)
tui-set-locked = låst
tui-set-open = öppet för spelare
tui-set-watchers = åskådare tillåtna
tui-set-no-watchers = inga åskådare
tui-set-chat-on = chatt på
tui-set-chat-off = chatt av
tui-set-ready = redo-kontroll
tui-set-seat-ready = en plats betyder redo
tui-set-timer = tidsgräns { $seconds } s
tui-set-no-timer = ingen tidsgräns
tui-n-cards = { $count ->
    [one] { $count } kort
   *[other] { $count } kort
}
tui-flip-played = spelat
tui-flip-to-play = ska spela
tui-flip-flipped = vänt
tui-flip-to-flip = ska vända
tui-flip-laid = lagt
tui-flip-sits-out = står över kriget
tui-your-hand = Din hand
tui-war-bang = KRIG!
tui-war-tied = { $names } har lika: { $down ->
    [0] ett kort uppvänt var.
   *[other] { $down } dolda, sedan ett uppvänt.
}
tui-war-tied-rank = { $names } har lika med { $rank }: { $down ->
    [0] ett kort uppvänt var.
   *[other] { $down } dolda, sedan ett uppvänt.
}
tui-rank-jacks = knektar
tui-rank-queens = damer
tui-rank-kings = kungar
tui-rank-aces = ess
tui-rank-jokers = jokrar
tui-rank-n = { $n }:or
tui-took = { $you ->
    [yes] Du tog { $total } kort
   *[no] { $name } tog { $total } kort
}
tui-after-war = { $rounds ->
    [1] efter ett krig
   *[other] efter ett krig på { $rounds } omgångar
}
tui-begin = Spel { $game }: alla vänder, högsta kortet tar drabbningen.
tui-begin-hand = Spel { $game }: alla väljer ett kort, högsta kortet tar drabbningen.
tui-turn-hand = Din tur: välj ett kort ({ $keys }).
tui-turn-flip = Din tur: tryck mellanslag för att vända.
tui-waiting-for = Väntar på { $names }.
tui-revealing = Visar korten…
tui-you-out = Du har åkt ur det här spelet; du ser det till slutet.
tui-you-sit-out = Du står över det här kriget.
tui-watching = Tittar.
tui-clock-turn = tur { $time }
tui-clock-game = spel { $time } kvar
tui-clock = klocka:
tui-log-title = Drabbningar
tui-log-none = inga än
tui-log-war = KRIG
tui-chat-title = Chatt
tui-chat-watching = (tittar)
tui-chat-off = (av)
tui-chat-hint = tryck c för att säga något

## Game over
tui-over-cards = { $count ->
    [one] { $n } kort
   *[other] { $n } kort
}
tui-over-wars-won = { $count ->
    [one] { $count } krig vunnet
   *[other] { $count } krig vunna
}
tui-over-wars = { $count ->
    [one] { $count } krig
   *[other] { $count } krig
}
tui-over-rounds = ({ $count } omgångar)
tui-over-longest = ; det längsta varade { $count } omgångar
tui-over-tricks = { $count } drabbningar och { $wars }.
tui-over-score = Spel vunna i det här rummet:
tui-over-set-aside = Lagt åt sidan vid given:
tui-rematch = Retur:
tui-rematch-nobody = ingen har bett om det än.
tui-rematch-ask = Tryck r för att be om det.
tui-rematch-wants = { $many ->
    [yes] { $names } vill ha retur ({ $ready } av { $players }).
   *[no] { $names } vill ha retur ({ $ready } av { $players }).
}
tui-rematch-join = Tryck r för att vara med.
tui-rematch-back = Tryck r för att ta tillbaka din.
tui-over-verify = Kontrollera att given var rättvis: tryck v (eller kör
tui-over-verify-end = ).
tui-keyname-space = mellanslag

## Comings and goings in the chat
tui-seat-joined = { $name } satte sig
tui-seat-joined-bot = { $name } satte sig (dator)
tui-seat-left = { $name } gick
tui-seat-lost = { $name } tappade anslutningen
tui-seat-back = { $name } är tillbaka
