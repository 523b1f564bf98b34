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
web-state-flipped = odkrył(a)
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
web-cap-after = Po { $n } bitwach wygrywa najwięcej kart.
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
