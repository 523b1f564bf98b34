# Ekrany aplikacji terminalowej (client_cli/tui). Słowa gry jak w docs/TRANSLATING.md:
# wojna, bitwa, kupka, stos, zakryta/odkryta, gospodarz, pokój, miejsce, widz.

## Errors that end a session
tui-error-closed = Serwer zakończył sesję ({ $detail }).
tui-error-timeout = Serwer nie odpowiedział na czas.
tui-error-unreachable = Nie można połączyć się z serwerem ({ $detail }).
tui-error-other = Coś poszło nie tak: { $detail }

## Keys
tui-arrows-updown = góra/dół
tui-arrows-leftright = lewo/prawo
tui-key-choose = wybierz
tui-key-go = dalej
tui-key-shortcuts = skróty
tui-key-quit = wyjdź
tui-key-choose-setting = wybierz ustawienie
tui-key-change = zmień
tui-key-back = wstecz
tui-key-create = załóż pokój
tui-key-find = szukaj gry
tui-key-join = dołącz
tui-key-watch = oglądaj
tui-key-keep = zapisz

## The start screen
tui-start-title = krig · Wojna, gra w karty, z przyjaciółmi
tui-menu-computer = Graj z komputerem: klasyczna Wojna, jeden gracz komputerowy, od razu
tui-menu-host = Załóż grę: wybierz zasady, zaproś przyjaciół lub komputer
tui-menu-join = Dołącz do gry po kodzie
tui-menu-quick = Szybka gra: miejsce w najbliższej publicznej grze
tui-menu-lobby = Otwarte pokoje: publiczne gry, by dołączyć lub oglądać
tui-menu-watch = Oglądaj grę po kodzie
tui-menu-name = Zmień imię
tui-menu-quit = Zakończ krig
tui-start-browser = Przyjaciele bez kriga mogą grać w przeglądarce: link jest w poczekalni.
tui-start-who = Grasz jako { $name } na { $url }.

## The host form and the quick game form
tui-host-title = Załóż grę: stół i jego zasady
tui-form-game = Gra
tui-form-room = Pokój
tui-form-rules = Zasady
tui-form-source = źródło: { $source }
tui-form-quote = { $source }: „{ $text }”
tui-form-seats = Miejsca przy stole
tui-form-n-seats = { $count ->
    [one] { $count } miejsce
    [few] { $count } miejsca
    [many] { $count } miejsc
   *[other] { $count } miejsca
}
tui-form-seats-note = ty i do 3 innych; gracze komputerowi mogą je zająć
tui-form-bots = Gracze komputerowi od razu
tui-form-bots-none = brak
tui-form-bots-note = komputer na każdym innym miejscu od razu zaczyna grę; więcej można dodać, lub zająć puste miejsca, w poczekalni
tui-form-level = Poziom graczy komputerowych
tui-level-easy = łatwy
tui-level-normal = normalny
tui-level-hard = trudny
tui-form-level-note = łatwy gra losowo; normalny nisko w bitwie, wysoko na wojnie; trudny liczy karty (gry z ręką)
tui-form-public = Na liście otwartych pokoi
tui-form-public-yes = tak: każdy może dołączyć
tui-form-public-no = nie: tylko z kodem
tui-form-ready = Sprawdzanie gotowości
tui-form-ready-yes = każdy gracz mówi, że jest gotowy
tui-form-ready-no = zajęcie miejsca oznacza gotowość
tui-form-too-many-bots = Przy { $seats } miejscach jest miejsce na najwyżej { $most } graczy komputerowych.
tui-group-wars = Wojny
tui-group-deck = Talia
tui-group-won = Wygrane karty
tui-group-arneson = Arneson: karty w ręce do wyboru
tui-group-repeats = Gra, która się powtarza
tui-quick-title = Szybka gra: miejsce w najbliższej publicznej grze na tych zasadach
tui-quick-note = gracze komputerowi zajmują stół, który nie zapełni się na czas
tui-quick-players = Gracze
tui-quick-n-players = { $count ->
    [one] { $count } gracz
    [few] { $count } graczy
    [many] { $count } graczy
   *[other] { $count } gracza
}

## Join or watch by code, the name
tui-code-join-title = Dołącz do gry
tui-code-watch-title = Oglądaj grę
tui-code-hint = Kod pokoju, jaki dostał gospodarz (np. K7P-Q3X):
tui-code-placeholder = kod
tui-code-empty = Najpierw wpisz kod pokoju.
tui-name-title = Twoje imię przy stole
tui-name-hint = Od 1 do 32 znaków; widzą je inni przy stole.
tui-name-empty = Imię musi mieć co najmniej jeden znak.

## Open rooms
tui-lobby-title = Otwarte pokoje
tui-lobby-code = kod
tui-lobby-rules = zasady
tui-lobby-seats = miejsca
tui-lobby-state = stan
tui-lobby-watching = widzowie
tui-lobby-lobby = czeka
tui-lobby-playing = trwa gra
tui-lobby-over = po grze
tui-lobby-taken = { $taken } z { $players }
tui-lobby-empty = Brak otwartych pokoi: załóż grę albo zacznij szybką grę.

## The host's settings in the waiting room
tui-settings-title = Zasady i ustawienia pokoju (na następną grę)
tui-key-apply = zastosuj
tui-settings-turn = Limit czasu na ruch
tui-settings-turn-s = { $seconds } s
tui-settings-turn-note = za gracza, który nie odkrył karty na czas, gra serwer
tui-settings-watchers = Widzowie
tui-settings-allowed = dozwoleni
tui-settings-not-allowed = niedozwoleni
tui-settings-locked = Zamknięty
tui-settings-locked-yes = tak: bez nowych graczy
tui-settings-locked-no = nie: każdy z kodem może usiąść
tui-settings-chat = Czat
tui-yes = tak
tui-on = włączony
tui-off = wyłączony

## The room screen
tui-room-reconnecting = utracono połączenie: łączę ponownie…
tui-room-fatal = Serwer zakończył sesję: { $detail }.
tui-key-send = wyślij
tui-key-close-chat = zamknij czat
tui-key-choose-card = wybierz kartę
tui-key-flip = odkryj
tui-key-unlock = otwórz
tui-key-lock = zamknij
tui-key-start = start
tui-key-add-bot = +komputer
tui-key-remove = usuń
tui-key-rules = zasady
tui-key-not-ready = cofnij gotowość
tui-key-ready = zgłoś gotowość
tui-key-unrematch = cofnij rewanż
tui-key-rematch = rewanż
tui-key-verify = sprawdź rozdanie
tui-key-chat = czat
tui-key-leave = wyjdź z pokoju
tui-key-stop-watching = przestań oglądać
tui-room-seat-freed = Gospodarz zwolnił twoje miejsce: teraz oglądasz.
tui-room-hand-keys = { $count ->
    [one] Masz w ręce { $count } kartę: naciśnij { $keys }.
    [few] Masz w ręce { $count } karty: naciśnij { $keys }.
    [many] Masz w ręce { $count } kart: naciśnij { $keys }.
   *[other] Masz w ręce { $count } karty: naciśnij { $keys }.
}
tui-room-host-only = Tylko gospodarz może to zrobić.
tui-room-nobody-seated = Nikt inny jeszcze nie siedzi przy stole.
tui-room-chat-placeholder = napisz coś (Enter wysyła, Esc zamyka)
tui-leave-title = Opuścić tę grę?
tui-leave-note = Gra toczy się dalej bez ciebie: za twoje miejsce gra serwer.
tui-leave-leave = wyjdź z pokoju, wróć do ekranu startowego
tui-leave-quit = zakończ krig
tui-leave-stay = zostań i graj dalej
tui-remove-title = Które miejsce usunąć? (Enter usuwa, Esc zostawia)
tui-remove-seat = miejsce { $n }: { $name }
tui-verify-checking = Sprawdzam rozdanie gry { $game }…
tui-verify-bad = Zapis się nie zgadza:
tui-verify-good = Sprawdzone, zgadza się:
tui-verify-not-checked = Nie sprawdzono tutaj: { $what }.
tui-verify-shell = Z powłoki:
tui-verify-esc = Esc zamyka.

## The table
tui-name-you = { $name } (ty)
tui-you = Ty
tui-you-lower = ty
tui-you-reason = ty
tui-nobody = nikt
tui-a-player = gracz
tui-head-no-room = (bez pokoju)
tui-head-room = pokój
tui-head-waiting = czeka na graczy
tui-head-game = gra { $game }
tui-head-won = (wygrane: { $score })
tui-head-over = koniec
tui-head-trick = bitwa { $trick }
tui-head-you-watch = oglądasz
tui-head-you-watch-more = oglądasz, razem z innymi: { $count }
tui-head-watching = widzowie: { $count }
tui-head-invite = Zaproś:
tui-head-browser = przeglądarka:
tui-wait-players = Czekamy na graczy: zajęte miejsca { $taken } z { $seats }.
tui-wait-host-start = Zacznij teraz (s), a gracze komputerowi zajmą puste miejsca.
tui-wait-starts = Gra zaczyna się, gdy stół jest pełny albo gdy zacznie ją gospodarz.
tui-wait-full-ready = Wszystkie miejsca zajęte: gra zacznie się, gdy wszyscy będą gotowi.
tui-wait-full = Wszystkie miejsca zajęte: gra się zaczyna.
tui-seat-free = wolne
tui-tag-host = gospodarz
tui-tag-computer = komputer
tui-tag-away = bez połączenia
tui-out-of-game = poza grą
tui-last-trick-note = (poprzednia bitwa)
tui-seat-ready = gotowość
tui-seat-not-ready = brak gotowości
tui-wait-rules = Zasady:
tui-wait-changed = , zmienione:
tui-wait-room = Pokój:
tui-set-public = publiczny (na liście)
tui-set-private = prywatny (z kodem)
tui-set-locked = zamknięty
tui-set-open = otwarty dla graczy
tui-set-watchers = widzowie dozwoleni
tui-set-no-watchers = bez widzów
tui-set-chat-on = czat włączony
tui-set-chat-off = czat wyłączony
tui-set-ready = sprawdzanie gotowości
tui-set-seat-ready = miejsce to gotowość
tui-set-timer = limit czasu { $seconds } s
tui-set-no-timer = bez limitu czasu
tui-n-cards = { $count ->
    [one] { $count } karta
    [few] { $count } karty
    [many] { $count } kart
   *[other] { $count } karty
}
tui-flip-played = zagrana
tui-flip-to-play = zagraj
tui-flip-flipped = odkryta
tui-flip-to-flip = odkryj
tui-flip-laid = położone
tui-flip-sits-out = poza tą wojną
tui-your-hand = Twoja ręka
tui-war-bang = WOJNA!
tui-war-tied = Remis: { $names }. { $down ->
    [0] Po jednej odkrytej.
   *[other] Zakryte: { $down }, potem jedna odkryta.
}
tui-war-tied-rank = Remis ({ $rank }): { $names }. { $down ->
    [0] Po jednej odkrytej.
   *[other] Zakryte: { $down }, potem jedna odkryta.
}
tui-rank-jacks = walety
tui-rank-queens = damy
tui-rank-kings = króle
tui-rank-aces = asy
tui-rank-jokers = jokery
tui-rank-n = { $n }
tui-took = { $you ->
    [yes] Bierzesz { $total ->
        [one] { $total } kartę
        [few] { $total } karty
        [many] { $total } kart
       *[other] { $total } karty
    }
   *[no] { $name } bierze { $total ->
        [one] { $total } kartę
        [few] { $total } karty
        [many] { $total } kart
       *[other] { $total } karty
    }
}
tui-after-war = { $rounds ->
    [1] po wojnie
   *[other] po wojnie (rundy: { $rounds })
}
tui-begin = Gra { $game }: każdy odkrywa kartę, najwyższa bierze bitwę.
tui-begin-hand = Gra { $game }: każdy wybiera kartę, najwyższa bierze bitwę.
tui-turn-hand = Twój ruch: wybierz kartę ({ $keys }).
tui-turn-flip = Twój ruch: naciśnij Spację, by odkryć.
tui-waiting-for = Czekamy na: { $names }.
tui-revealing = Odkrywanie…
tui-you-out = Odpadasz z tej gry; oglądasz ją do końca.
tui-you-sit-out = Nie bierzesz udziału w tej wojnie.
tui-watching = Oglądasz.
tui-clock-turn = ruch { $time }
tui-clock-game = do końca gry { $time }
tui-clock = czas:
tui-log-title = Bitwy
tui-log-none = jeszcze żadnej
tui-log-war = WOJNA
tui-chat-title = Czat
tui-chat-watching = (widz)
tui-chat-off = (wyłączony)
tui-chat-hint = naciśnij c, by coś napisać

## Game over
tui-over-cards = { $count ->
    [one] { $n } karta
    [few] { $n } karty
    [many] { $n } kart
   *[other] { $n } karty
}
tui-over-wars-won = wygrane wojny: { $count }
tui-over-wars = { $count ->
    [one] { $count } wojna
    [few] { $count } wojny
    [many] { $count } wojen
   *[other] { $count } wojny
}
tui-over-rounds = (rundy: { $count })
tui-over-longest = ; najdłuższa: rundy { $count }
tui-over-tricks = Bitwy: { $count }, { $wars }.
tui-over-score = Gry wygrane w tym pokoju:
tui-over-set-aside = Odłożone przy rozdaniu:
tui-rematch = Rewanż:
tui-rematch-nobody = nikt jeszcze nie prosił.
tui-rematch-ask = Naciśnij r, by poprosić.
tui-rematch-wants = { $many ->
    [yes] Chcą rewanżu: { $names } ({ $ready } z { $players }).
   *[no] Chce rewanżu: { $names } ({ $ready } z { $players }).
}
tui-rematch-join = Naciśnij r, by dołączyć.
tui-rematch-back = Naciśnij r, by wycofać swoją prośbę.
tui-over-verify = Sprawdź, czy rozdanie było uczciwe: naciśnij v (lub uruchom
tui-over-verify-end = ).
tui-keyname-space = spacja

## Comings and goings in the chat
tui-seat-joined = { $name } siada przy stole
tui-seat-joined-bot = { $name } siada przy stole (komputer)
tui-seat-left = { $name } wychodzi
tui-seat-lost = { $name }: utracone połączenie
tui-seat-back = { $name } wraca
