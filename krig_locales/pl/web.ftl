# Własne zdania strony (server/web/), po polsku. Słowa: wojna, bitwa, kupka,
# kupka wygranych, zakryta / odkryta (docs/TRANSLATING.md).

web-title = krig: Wojna z przyjaciółmi
web-language = Język
web-home = krig: strona główna
web-playing-as = Grasz jako { $name }
web-connected = Połączono
web-reconnecting = Łączenie ponownie…
web-connecting = Łączenie…
web-rename = Twoje imię: { $name }. Zmień je
web-rename-unset = Twoje imię: nie ustawione. Ustaw je
web-your-name = Twoje imię
web-sound-on = ♪ Dźwięk włączony
web-sound-off = ♪ Dźwięk wyłączony

## The room

web-room = Pokój
web-stop-watching = Przestań oglądać
web-leave = Opuść pokój
web-seats-n = Miejsca: { $n }
web-watching = oglądasz
web-spectators-title = widzowie
web-spectators = Widzowie: { $n }
web-locked = zamknięty
web-listed = na liście
web-score-label = Wygrane gry w tym pokoju
web-games-won = Wygrane gry
web-invite = Zaproś znajomych
web-invite-link = Link z zaproszeniem
web-copied = Skopiowano ✓
web-copy = Kopiuj link
web-share = Udostępnij…
web-tag-you = ty
web-tag-host = gospodarz
web-tag-computer = komputer
web-tag-away = nieobecny
web-empty-seat = Wolne miejsce
web-seat-n = miejsce { $n }
web-rules = Zasady
web-turn-timer = Czas na ruch
web-seconds = { $n } s
web-off = wyłączony

## The table

web-card-name = { $rank ->
    [11] walet
    [12] dama
    [13] król
    [14] as
   *[other] { $rank }
  } { $suit ->
    [0] trefl
    [1] karo
    [2] kier
   *[3] pik
  }
web-card-red-joker = czerwony joker
web-card-black-joker = czarny joker
web-card-down = karta zakryta
web-the-table = Stół
web-seats = Miejsca
web-war-banner = WOJNA!
web-trick-no = Bitwa { $n }:
web-state-out = odpada
web-state-your-turn = twój ruch
web-state-to-flip = odkrywa
web-state-flipped = karta odkryta
web-state-watching-war = patrzy na wojnę
web-seat-label = { $name }{ $you ->
    [yes] {" "}(ty)
   *[no] {""}
  }: kart: { $held }
web-seat-label-winnings = (w kupce: { $pile }, wygranych: { $winnings })
web-pile = kupka
web-cards = karty
web-won = wygrane
web-on-table = karty gracza { $name } na stole
web-game-over-line = Gra skończona.
web-game-over = Gra skończona
web-dealt = Karty są rozdane.
web-all-down = Wszystkie karty leżą…
web-all-down-reveal = Wszystkie karty leżą: zaraz odkrycie.
web-waiting-for = Czekamy na: { $names }.
web-waiting-to-flip = Czekamy, aż odkryje: { $names }.
web-waiting-to-choose = Czekamy, aż wybierze kartę: { $names }.
web-you-are-out = Nie masz już kart: patrzysz, jak grają dalej: { $names }.
web-sit-out = Tę wojnę przeczekujesz.
web-your-turn = Twój ruch: { $how }.
web-how-choose = wybierz kartę ({ $keys })
web-tap-it = dotknij jej
web-keys = klawisze 1–{ $n }
web-tap-flip = dotknij Odkryj
web-press-space = naciśnij spację
web-press-space-or-flip = naciśnij spację lub Odkryj
web-flip-your-card = odkryj kartę (spacja)
web-clock-flip = { $n } s na odkrycie
web-clock-choose = { $n } s na wybór
web-game-ends-in = Gra kończy się za
web-watching-hint = Oglądasz. Tylko gracze mogą odkrywać karty.
web-lay-down = Połóż { $n } zakryte, 1 odkrytą
web-flip-war = Odkryj na wojnę
web-flip = Odkryj
web-flipped = Odkryto
web-hand-label = Twoja ręka: wybierz kartę (klawisze od 1 do { $n })
web-play-card = Zagraj { $card } (klawisz { $key })
web-last-tricks = Ostatnie bitwy
web-log-empty = Jeszcze nic: pierwsza bitwa jest na stole.
web-war-tag = WOJNA
web-log-you-take = Bierzesz { $total }
web-log-takes = { $name } bierze { $total }
web-you = Ty
web-you-lower = ty
web-you-first = ty
web-list = { $head } i { $last }
web-say-started = Gra się zaczęła.
web-say-tap-to-flip = Dotknij Odkryj, by odkryć kartę.
web-say-press-to-flip = Naciśnij spację, by odkryć kartę.
web-say-war-cards = Karty wojny
web-say-revealed = Odkryte
web-rank-plural = { $rank ->
    [11] walety
    [12] damy
    [13] króle
    [14] asy
    [15] jokery
   *[other] { $rank }
  }
web-tied = Remis w bitwie: { $names }
web-tied-with = Remis w bitwie ({ $rank }): { $names }
web-war-lay = { $n } zakryte, potem jedna odkryta.
web-war-one-up = każdy odkrywa jedną kartę.
web-trick-you-take = Bierzesz { $total }
web-trick-takes = { $name } bierze { $total }
web-trick-after-wars = po { $wars ->
    [one] wojnie
    [few] { $wars } wojnach
    [many] { $wars } wojnach
   *[other] { $wars } wojnach
  }
web-trick-with-over = kartą { $card } nad { $others }

## Game over

web-nobody = nikt
web-a-player = jeden z graczy
web-reason-all_cards = wszystkie karty ({ $cards }): { $winner }
web-reason-short_war = za mało kart, by dokończyć wojnę: { $loser }
web-reason-exhausted_tie = wszystkim skończyły się karty w czasie wojny
web-reason-time_limit = skończył się czas; wygrywa ten, kto ma najwięcej kart
web-reason-wars_won = wygrane wojny ({ $wars }): { $winner }
web-reason-round_cap = osiągnięto limit bitew ({ $tricks }); wygrywa ten, kto ma najwięcej kart
web-reason-cycle = gra powtarzała się bez końca
web-reason-abandoned = wszyscy gracze wyszli; wygrywa ten, kto ma najwięcej kart
web-col-place = Miejsce
web-col-player = Gracz
web-col-cards = Karty
web-col-wars-won = Wygrane wojny
web-stats = Bitwy: { $tricks } · { $wars } { $wars ->
    [one] wojna
    [few] wojny
    [many] wojen
   *[other] wojny
  }
web-longest-war = najdłuższa wojna
web-in-a-row = { $n } z rzędu
web-none = brak
web-rematch-want = { $names } { $count ->
    [one] chce
    [few] chcą
    [many] chcą
   *[other] chcą
  } rewanżu: { $n } z { $of }.
web-rematch-you = { $names } chcesz rewanżu: { $n } z { $of }.
web-rematch-nobody = Nikt jeszcze nie poprosił o rewanż ({ $n } z { $of }).
web-rematch-waiting = Czekamy na: { $names }…
web-watch-again = Obejrzyj tę grę jeszcze raz
web-copy-the-link = Skopiuj link
web-starting = Start…
web-play-again = Zagraj jeszcze raz
web-take-back = Cofnij
web-check-deal = Sprawdź rozdanie
web-waiting-deal = Czekamy na rozdanie…
web-deal-fair = Rozdanie było uczciwe.
web-deal-bad = Rozdanie się nie zgadza.

## Chat

web-chat = Czat
web-say-something = Napisz coś
web-chat-title = Enter wysyła; Esc wraca do stołu (spacja odkrywa)
web-send = Wyślij
web-chat-off = Gospodarz wyłączył czat.

## Connection and name

web-not-connected = Brak połączenia: spróbuj za chwilę.
web-connection-lost = Połączenie zerwane.
web-trying-again = Ponowna próba za { $n } s…
web-seat-kept = Twoje miejsce czeka na ciebie.
web-try-now = Spróbuj teraz
web-dismiss = Zamknij
web-change-name = Zmień imię
web-welcome = Witaj w krig
web-invited-by = Zaproszenie do stołu gracza { $name } (pokój { $code }).
web-invited = Zaproszenie do pokoju { $code }.
web-call-you = Jak mamy cię nazywać przy stole?
web-name-example = np. Ada
web-join-table = Usiądź przy stole
web-lets-play = Gramy
web-cancel = Anuluj
web-remembered = Zapamiętane w tej przeglądarce.
web-next-room = Nowe imię obowiązuje od następnego pokoju.

## The home page

web-hero = Wojna z przyjaciółmi
web-lead = Gra karciana czystego szczęścia, w przeglądarce: wszyscy odkrywają naraz, remis oznacza wojnę. Zasady z pięciu krajów, od 2 do 4 graczy, komputer dosiada się, gdy brakuje ludzi.
web-host-game = Załóż grę
web-players = Gracze
web-round-cap = Limit bitew
web-cap-after = Po { $n } bitwach wygrywa ten, kto ma najwięcej kart.
web-cap-none = Brak: gra trwa, aż jeden gracz ma wszystkie karty.
web-every-rule = Wszystkie zasady, słowami
web-list-it = Pokaż na liście otwartych pokoi
web-ready-checks-long = Gotowość (gracze muszą potwierdzić, że są gotowi)
web-create-room = Utwórz pokój
web-play-computer = Zagraj teraz z komputerem
web-join-friend = Dołącz do znajomego
web-room-code = Kod pokoju
web-take-seat = Usiądź
web-watch = Oglądaj
web-quick-game = Szybka gra
web-quick-hint = Usiądź przy publicznym stole; komputer zajmie miejsca, jeśli nikt nie przyjdzie.
web-find-table = Znajdź stół
web-open-rooms = Otwarte pokoje
web-lobby-empty = Teraz nie ma otwartych pokoi. Załóż jeden albo znajdź szybką grę.
web-join = Dołącz
web-n-players = Gracze: { $n }

## Banners, offers and the way back to a room

web-other-tab = To miejsce otwarto w innej karcie lub oknie; tutaj gra się zatrzymała. Odśwież stronę, aby je odzyskać.
web-share-title = krig: zagraj ze mną w Wojnę
web-share-text = Dołącz do mojej gry w Wojnę (pokój { $code })
web-back-to-table = Powrót do stołu
web-joining = Dołączanie
web-in-room = do pokoju { $code }
web-offer-started = Gra w pokoju { $code } już trwa.
web-offer-full = Pokój { $code } jest pełny.
web-offer-locked = Gospodarz zamknął pokój { $code }.
web-offer-watch-it = Chcesz oglądać?
web-watch-game = Oglądaj grę
web-back-home = Wróć na stronę główną
web-local-hint = Ten serwer nasłuchuje tylko na tym komputerze: uruchom go z { $host } (albo { $public }), aby znajomi z innych miejsc mogli otworzyć link.

## The rules on the host form

web-source = Źródło: { $source }
web-source-project = własna zasada krig: źródła milczą
web-source-usual = zwykła talia
web-presets-value = z zestawu: { $value }
web-group-deck = Talia
web-group-wars = Wojny
web-group-won = Wygrane karty
web-group-end = Jak kończy się gra
web-lobby-seats = miejsca: { $taken }/{ $players }
web-lobby-lobby = czeka
web-lobby-playing = trwa gra
web-lobby-over = po grze

## The waiting room and the host's controls

web-waiting-ready = Czekamy na gotowość: { $names }.
web-waiting-players = Czekamy na graczy: zajęte miejsca { $taken } z { $seats }. Gra zacznie się, gdy ostatnie miejsce zostanie zajęte{ $host ->
    [yes] {""} albo gdy ją zaczniesz
   *[no] {""}
  }.
web-everyone-here = Wszyscy są na miejscach.
web-waiting-room = Poczekalnia
web-slot-bot = gotowe (komputer)
web-slot-bot-level = gotowe (komputer, { $level })
web-slot-ready = gotowe ✓
web-slot-not-ready = jeszcze niegotowe
web-slot-free = czeka na znajomego…
web-add-bot = Dodaj gracza komputerowego
web-remove-seat = Usuń: { $name }
web-remove = Usuń
web-sit-here = Usiądź tutaj
web-ready = Zgłaszam gotowość
web-ready-undo = Cofam gotowość
web-you-host = Jesteś gospodarzem
web-start-now = Zacznij teraz
web-start-fill = Zacznij teraz (gracze komputerowi zajmą { $n ->
    [one] wolne miejsce
    [few] { $n } wolne miejsca
    [many] { $n } wolnych miejsc
   *[other] { $n } wolnego miejsca
  })
web-bot-level = Poziom komputera
web-level-easy = łatwy
web-level-normal = normalny
web-level-hard = trudny
web-level-easy-long = łatwy: gra losowo
web-level-normal-long = normalny: nisko w bitwie, wysoko na wojnie
web-level-hard-long = trudny: liczy karty
web-lock-room = Zamknij pokój (bez nowych graczy)
web-let-watch = Pozwól oglądać
web-ready-checks = Sprawdzanie gotowości
web-s-a-turn = { $n } s na ruch
web-change-rules = Zmień zasady
web-say-out = { $name } nie ma już kart.
web-say-out-you = Nie masz już kart.

## The deal check (PROTOCOL.md §5a)

web-hash-by-webcrypto = WebCrypto
web-hash-by-page = własne SHA-256 strony (bez WebCrypto na zwykłej stronie http)
web-deal-hashes = Skrót rozdania (SHA-256, przez { $how }) zgadza się ze zobowiązaniem { $commitment }… { $early ->
    [yes] ogłoszonym na początku gry, przed pierwszym odkryciem
   *[no] (ta strona dołączyła późno: porównała ujawnione)
  }.
web-deal-hash-differs = Skrót rozdania to { $computed }…, a nie zobowiązanie { $announced }… ogłoszone na początku.
web-deal-other-commitment = Serwer ujawnił inne zobowiązanie niż to, które ogłosił.
web-deal-whole = Talia jest cała: { $n ->
    [one] { $n } karta
    [few] { $n } karty
    [many] { $n } kart
   *[other] { $n } karty
  }, każda raz{ $aside ->
    [0] {""}
   *[other] , odłożone: { $aside }
  }.
web-deal-not-whole = Rozdanie to nie talia pokoju (kart: { $n }), w której każda karta jest raz.
web-deal-counts = Każde miejsce dostało zapowiedzianą liczbę kart ({ $sizes }).
web-deal-counts-differ = Kupki ({ $sizes }) nie zgadzają się z zapowiedzianymi liczbami ({ $counts }).
web-deal-order-wrong = { $wrong ->
    [one] { $wrong } odkryta karta nie pochodzi
    [few] { $wrong } odkryte karty nie pochodzą
    [many] { $wrong } odkrytych kart nie pochodzi
   *[other] { $wrong } odkrytej karty nie pochodzi
  } po kolei z rozdanych kupek.
web-deal-order = Odkryte karty z rozdanych kupek ({ $matched }) schodziły z nich w kolejności rozdania.

## The replay page (/r/CODE/g/N, /replay)

web-replay-title = Obejrzyj grę jeszcze raz
web-replay-loading = Wczytywanie gry { $game } z pokoju { $code }…
web-replay-drop = Upuść tutaj zapis gry (krig-server record ROOM --json) albo go otwórz.
web-replay-open = Otwórz plik zapisu…
web-replay-unknown = Serwer nie ma zapisu gry { $game } z pokoju { $code } (zapis gry jest przechowywany przez pewien czas po jej końcu).
web-replay-offline = Brak połączenia: zapis wczyta się, gdy połączenie wróci.
web-replay-game = Gra { $game } w pokoju { $code }
web-replay-deal = Rozdanie
web-replay-checking = Sprawdzanie rozdania…
web-replay-no-deal = Zapis nie ma ujawnionego rozdania do sprawdzenia.
web-replay-not-json = Ten plik nie jest zapisem gry: to nie JSON.
web-replay-not-record = Ten plik nie jest zapisem gry (taki zapis tworzy krig-server record --json).
web-replay-no-events = Ten zapis nie ma zdarzeń do odtworzenia (zapisuje je krig-server record).
web-playback = Odtwarzanie
web-trick-back = Jedna bitwa wstecz
web-trick-forward = Jedna bitwa dalej
web-trick-prev = ◀ Bitwa
web-trick-next = Bitwa ▶
web-pause = Pauza
web-at-end = Koniec
web-play = Odtwórz
web-speed = Prędkość
web-replay-pos = { $pos ->
    [0] Rozdanie
   *[other] Po bitwie { $pos }
  } z { $tricks }
