### Słowa krig po polsku: klient terminalowy (krig) i zasady wspólne ze stołem w przeglądarce.
### Gra to „wojna”; odkrycie kart to „bitwa”; karty na stole to „stos”; własne karty gracza to
### „kupka”. Imiona, czat i kody pokojów zostają takie, jak je napisano.

## Odmowy serwera

error-bad_frame = Serwer nie mógł odczytać tego, co wysłał krig.
error-too_large = To było za długie dla serwera.
error-bad_message = Serwer nie przyjął tego żądania.
error-unknown_type = Ten serwer nie zna tej czynności (starszy serwer?).
error-unsupported_version = Ten serwer mówi inną wersją protokołu krig.
error-hello_first = Połączenie nie zostało poprawnie nawiązane; spróbuj ponownie.
error-bad_session = Twoja poprzednia sesja wygasła; potrzebna jest nowa.
error-rate_limited = Za dużo naraz: odczekaj chwilę i spróbuj ponownie.
error-shutting_down = Ten serwer jest wyłączany; spróbuj ponownie za chwilę.
error-unknown_room = Żaden pokój nie ma takiego kodu. Sprawdź go u gospodarza.
error-room_full = Wszystkie miejsca w tym pokoju są zajęte; możesz za to oglądać grę.
error-room_locked = Gospodarz zamknął ten pokój.
error-not_in_room = Nie jesteś w żadnym pokoju.
error-already_in_room = Jesteś już w pokoju; najpierw z niego wyjdź.
error-not_host = Tylko gospodarz może to zrobić.
error-bad_rules = Według tych zasad nie da się grać.
error-not_ready = Nie wszyscy gracze są jeszcze gotowi.
error-spectating_off = Gospodarz nie pozwala na widzów w tym pokoju.
error-seat_taken = To miejsce jest zajęte.
error-removed = Gospodarz zabrał ci miejsce, a pokój nie przyjmuje widzów.
error-chat_off = Gospodarz wyłączył czat.
error-not_started = Gra jeszcze się nie zaczęła.
error-already_started = Gra już się zaczęła.
error-game_over = Gra jest skończona.
error-not_a_player = Widzowie nie mogą grać.
error-seat_out = Jesteś już poza tą grą.
error-not_awaiting = To nie twoja kolej.
error-already_acted = W tej kolejce twój ruch już był.
error-wrong_action = W tej grze gra się inaczej (odkryj kartę albo wybierz kartę).
error-card_not_in_hand = Tej karty nie masz w ręce.
error-stale_step = Gra poszła już dalej; spójrz jeszcze raz.
error-waiting_for_store = Stół czeka na swój magazyn danych; ponawiam.
error-internal = Serwer zawiódł; nic się nie zmieniło. Spróbuj ponownie.
error-room_gone = Pokoju już nie ma: serwer go nie ma.
error-unknown = Serwer odmówił.
error-bad_rules-detail = Według tych zasad nie da się grać: { $detail }.
error-not-an-address = { $address } to nie adres serwera; napisz go jako ws://HOST:PORT/ws (albo wss://, albo adres http(s):// strony w przeglądarce)

## Wyniki i imiona

seat-n = miejsce { $seat }
result-draw = Remis
result-draw-with = Remis z: { $names }
result-draw-between = Remis między: { $names }; przegrywasz
result-you-win = Wygrywasz
result-you-lose = Przegrywasz
result-wins = Wygrywa { $name }
result-game-over = Koniec gry

## Tryb wierszy

lines-reconnected = (połączono ponownie; gramy dalej)
lines-server-says = serwer mówi: { $sentence }
lines-in-no-room = { $why }; nie jesteś teraz w żadnym pokoju
lines-room-gone = pokoju { $code } już nie ma: wygasł albo serwer go utracił
lines-your-hand = twoja ręka: { $cards }  (wpisz 1-{ $count } i Enter)
lines-your-turn = twoja kolej: naciśnij Enter, by odkryć kartę
lines-choose-number = wybierz liczbę od 1 do { $count }
lines-type-number = wpisz numer karty
lines-session-ended = sesja się skończyła: { $why }
replay-header = pokój { $code }, gra { $game } ({ $preset }): { $names }; zobowiązanie { $commitment }…
replay-next = {"  "}(Enter: następna bitwa)
event-game-starts = gra { $game } się zaczyna: { $players ->
    [one] { $players } gracz
    [few] { $players } graczy
    [many] { $players } graczy
   *[other] { $players } gracza
}, karty: { $counts }
event-card = { $name } { $card }
event-card-down = { $name } { $card } (+{ $down } { $down ->
    [one] zakryta
    [few] zakryte
    [many] zakrytych
   *[other] zakrytej
})
event-trick = bitwa { $trick }: { $shown }
event-war-round = wojna { $trick }.{ $war }: { $shown }
event-war = WOJNA: { $names }; { $down ->
    [one] { $down } karta zakryta
    [few] { $down } karty zakryte
    [many] { $down } kart zakrytych
   *[other] { $down } karty zakrytej
}, potem jedna odkryta
event-won = { $name } bierze { $total ->
    [one] { $total } kartę
    [few] { $total } karty
    [many] { $total } kart
   *[other] { $total } karty
}
event-won-takes-back = ; { $name } zabiera z powrotem { $cards }
event-won-steals = ; zabiera kartę: { $names }
event-shuffled = { $name } tasuje { $count ->
    [one] { $count } wygraną kartę
    [few] { $count } wygrane karty
    [many] { $count } wygranych kart
   *[other] { $count } wygranej karty
} w nową kupkę
event-out = { $name } odpada ({ $reason })
event-game-over-draw = koniec gry: remis między: { $names } ({ $reason })
event-game-over-win = koniec gry: wygrywa { $name } ({ $reason }); karty { $counts }
event-deal-revealed = rozdanie odkryte: zobowiązanie { $commitment }… można już sprawdzić
event-joined = { $name } siada na miejscu { $seat }
event-joined-bot = { $name } siada na miejscu { $seat } (komputer)
event-left = { $name } wychodzi
event-disconnected = { $name } traci połączenie
event-back = { $name } wraca
event-chat = { $name }: { $text }
event-chat-watching = { $name } (widz): { $text }
out-no_cards = brak kart
out-short_war = za mało kart na wojnę
end-all_cards = wszystkie karty
end-short_war = za mało kart na wojnę
end-exhausted_tie = wszystkim skończyły się karty
end-time_limit = koniec czasu
end-wars_won = wygrane wojny
end-round_cap = limit bitew
end-cycle = gra się powtarza
end-abandoned = wszyscy wyszli

## Dlaczego gra się skończyła

reason-all_cards = Wszystkie karty ({ $cards }): { $winner }
reason-all_cards-any = Wszystkie karty: { $winner }
reason-short_war = Za mało kart, by dokończyć wojnę: { $loser }
reason-a-player = jeden z graczy
reason-exhausted_tie = Wszystkim skończyły się karty podczas wojny
reason-time_limit = Skończył się czas; wygrywa ten, kto ma najwięcej kart
reason-wars_won = Wygrane wojny ({ $wars }): { $winner }
reason-wars_won-any = Dość wygranych wojen: { $winner }
reason-round_cap = Osiągnięto limit bitew ({ $tricks }); wygrywa ten, kto ma najwięcej kart
reason-round_cap-any = Osiągnięto limit bitew; wygrywa ten, kto ma najwięcej kart
reason-cycle = Gra powtarzałaby się bez końca
reason-abandoned = Wszyscy gracze wyszli; wygrywa ten, kto ma najwięcej kart

## Zasady

rule-players = Gracze
rule-players-n = { $n ->
    [one] { $n } gracz
    [few] { $n } graczy
    [many] { $n } graczy
   *[other] { $n } gracza
}
rule-players-source = NO/HR: 2; PL/SE: 2–4; LV: 2+
rule-jokers = Jokery w talii
rule-jokers-0 = brak
rule-jokers-n = { $n }, wyżej niż as
rule-jokers-source = LV
rule-min_rank = Najniższa karta w talii
rule-min_rank-2 = 2 (pełna talia)
rule-min_rank-6 = 6 (36 kart)
rule-min_rank-9 = 9 (24 karty)
rule-min_rank-11 = walet
rule-min_rank-12 = dama
rule-min_rank-13 = król
rule-min_rank-14 = as
rule-min_rank-source = LV
rule-war_down = Karty zakryte na wojnie
rule-war_down-source = NO/HR/SE 3; PL 1; LV 0; SE „więcej lub mniej”
rule-war_repeat = Remis na wojnie
rule-war_repeat-same = kolejna wojna, znów z kartami zakrytymi
rule-war_repeat-face_up_only = rozstrzygają pojedyncze karty odkryte
rule-war_repeat-source = NO/PL/SE/LV; HR
rule-short_war = Za mało kart na wojnę
rule-short_war-lose = ten gracz od razu przegrywa
rule-short_war-last_card = gra tym, co ma, ostatnią kartą odkrytą
rule-short_war-source = NO, PL, SE
rule-war_players = Kto walczy na wojnie (3-4 graczy)
rule-war_players-tied_highest = gracze z remisem na najwyższej karcie
rule-war_players-all_in_battle = wszyscy uczestnicy bitwy
rule-war_players-any_tied = wszyscy, których karty remisują, nawet niskie
rule-war_players-source = SE, PL, LV
rule-war_winner = Kto może wygrać wojnę
rule-war_winner-participants = gracze tej wojny
rule-war_winner-highest_card = najwyższa karta na stole, czyjakolwiek
rule-war_winner-source = LV
rule-winnings = Wygrane karty idą
rule-winnings-under_pile = pod twoją kupkę
rule-winnings-separate = na kupkę wygranych, tasowaną, gdy kupka się skończy
rule-winnings-source = NO/HR/SE; LV, NO wariant
rule-gather_order = Kolejność wygranych kart
rule-gather_order-winner_first = najpierw karty zwycięzcy, zawsze
rule-gather_order-seat_order = w kolejności miejsc, zawsze
rule-gather_order-shuffled = potasowane, jak zgarnia je ręka (z ziarna rozdania)
rule-gather_order-source = krig
rule-steal = Wojna z kradzieżą
rule-steal-false = wyłączona
rule-steal-true = zwycięzca wojny bierze też kartę od każdego przegranego
rule-steal-source = SE
rule-hand_size = Karty w ręce do wyboru (Arneson)
rule-hand_size-0 = brak: odkrywasz wierzchnią kartę
rule-hand_size-source = HR
rule-loser_takes_tied = Przegrany wojny zabiera remisowe karty
rule-loser_takes_tied-false = nie
rule-loser_takes_tied-true = tak
rule-loser_takes_tied-source = HR
rule-time_limit_s = Limit czasu
rule-time_limit_s-0 = brak
rule-time_limit_s-minutes = { $minutes } min
rule-time_limit_s-seconds = { $seconds } s
rule-time_limit_s-source = NO, SE
rule-wars_to_win = Wygrane wojny do zwycięstwa
rule-wars_to_win-0 = wyłączone
rule-wars_to_win-source = HR: 3
rule-max_tricks = Limit bitew
rule-max_tricks-0 = brak: gra do końca (najwyżej 10 000 bitew)
rule-max_tricks-source = krig
rule-detect_cycles = Gra, która powtarza się bez końca
rule-detect_cycles-true = kończy się remisem (tylko bez tasowania)
rule-detect_cycles-false = trwa do limitu
rule-detect_cycles-source = krig (PL: gra może się powtarzać)
rule-line = { $label }: { $value } ({ $source })
rule-not-one-of = { $name } to jedno z: { $choices }, nie { $value }
rule-not-bool = { $name } to true albo false, nie { $value }
rule-not-number = { $name } to liczba całkowita, nie { $value }
rule-not-in-range = { $name } to liczba od { $low } do { $high }, nie { $value }

source-NO = norweski
source-PL = polski
source-LV = łotewski
source-HR = chorwacki
source-SE = szwedzki

## Zestawy zasad

preset-line = { $title }: { $summary } ({ $source })
preset-classic-title = klasyczna
preset-classic = 3 zakryte na wojnie; za mało kart przegrywa
preset-classic-source = wspólny rdzeń NO/HR/SE
preset-quick-title = szybka
preset-quick = talia 36 kart, od 6 do asa: krótsze gry
preset-quick-source = LV (36 kart: krótsza gra)
preset-norwegian-title = norweska
preset-norwegian = 3 zakryte, za mało kart przegrywa, wygrane pod kupkę
preset-norwegian-source = NO
preset-polish-title = polska
preset-polish = 1 zakryta; na wojnie walczą wszyscy z bitwy
preset-polish-source = PL
preset-latvian-title = łotewska
preset-latvian = 2 jokery; wojny odkryte; kupka wygranych
preset-latvian-source = LV
preset-croatian-title = chorwacka
preset-croatian = kolejne remisy kartami odkrytymi
preset-croatian-source = HR
preset-swedish-title = szwedzka
preset-swedish = za mało kart: grasz tym, co masz
preset-swedish-source = SE
preset-arneson-title = Arnesona
preset-arneson = wybierasz z ręki 3 kart
preset-arneson-source = HR (wariant Erika Arnesona)
preset-steal-title = z kradzieżą
preset-steal = zwycięzca wojny kradnie kartę
preset-steal-source = SE (Stjäl-krig)
preset-timed-title = na czas
preset-timed = 15 minut, potem wygrywa najwięcej kart
preset-timed-source = NO, SE (domowa zasada z limitem czasu)

## krig --help

cli-description =
    krig: graj w wojnę w terminalu ze znajomymi, z graczami komputerowymi albo
    z jednymi i drugimi.

    Uruchom samo krig w terminalu, by zobaczyć ekran startowy (załóż pokój, dołącz,
    szybka gra, otwarte pokoje, oglądanie); każda z tych rzeczy jest też poleceniem.
    W terminalu stół zajmuje cały ekran; poza nim (albo z --lines) krig wypisuje
    jeden wiersz na zdarzenie. Spacja lub Enter odkrywa kartę; w grze z ręką
    (Arneson) liczba wybiera kartę; --auto gra samo. Serwer bierze się z --url albo
    KRIG_URL, domyślnie lokalny, który uruchamia "python3 dev.py krig-server serve".
cli-epilog =
    przykłady:
      krig                          ekran startowy
      krig host --bots 1            zagraj z komputerem teraz: gra zaczyna się od razu
      krig host --preset arneson --seats 3 --set war_down=1
      krig join K7P-Q3X             zajmij miejsce
      krig watch K7P-Q3X            oglądaj grę
      krig quick                    miejsce w najbliższej publicznej grze
      krig lobby                    otwarte pokoje (krig rooms je wypisuje)
      krig verify K7P-Q3X           sprawdź uczciwe rozdanie skończonej gry
cli-usage = użycie:{" "}
cli-positionals = argumenty pozycyjne
cli-options = opcje
cli-help = pokaż tę pomoc i zakończ
cli-url = serwer, ws://HOST:PORT/ws (albo wss://; zmienna KRIG_URL)
cli-url-short = serwer
cli-name = twoje imię przy stole (domyślnie: $USER)
cli-name-short = twoje imię przy stole
cli-ascii = C D H S i zwykłe linie zamiast symboli
cli-lang = język: { $languages } (zmienna KRIG_LANG, inaczej LC_ALL, LC_MESSAGES albo LANG; domyślnie en)
cli-lines = tryb wierszy nawet w terminalu
cli-auto = graj sam (jedna gra)
cli-strategy = z --auto w grze z ręką: którą kartę zagrać: lowest, highest, random, smart, hard albo własna funkcja, ścieżka/do/bot.py:choose lub pakiet.moduł:choose (docs/BOTS.md)
cli-host = załóż pokój, pokaż jego kod i graj
cli-host-preset = zasady: { $presets } (pokazuje je krig-server presets)
cli-host-set = zmień jedną zasadę zestawu (można powtarzać; lista w docs/RULES.md)
cli-host-seats = miejsca przy stole: 2, 3 albo 4
cli-host-bots = gracze komputerowi do posadzenia od razu (mniej niż miejsc)
cli-host-public = pokaż pokój wśród otwartych pokojów
cli-host-ready-checks = każdy gracz mówi, że jest gotów (inaczej zajęcie miejsca oznacza gotowość)
cli-join = zajmij miejsce w pokoju według jego kodu i graj
cli-join-code = kod pokoju, taki, jaki dostał gospodarz
cli-watch = oglądaj pokój według jego kodu
cli-metavar-code = kod
cli-metavar-source = źródło
cli-code = kod pokoju
cli-rooms = wypisz publiczne pokoje
cli-lobby = otwarte pokoje na całym ekranie, by dołączyć lub oglądać (gdzie indziej: jak krig rooms)
cli-quick = miejsce w najbliższej publicznej grze (albo w nowej)
cli-quick-players = liczba miejsc: 2, 3 albo 4
cli-quick-preset = zasady
cli-bot = jedno miejsce bez ekranu w pokoju
cli-bot-strategy = instant / human (najpierw przerwa) odkrywa; w grach z ręką: lowest, highest, random, smart, hard albo własna funkcja, ścieżka/do/bot.py:choose lub pakiet.moduł:choose
cli-bot-games = ile gier zagrać z rzędu (rewanż po każdej)
cli-host-level = poziom graczy komputerowych w grach z ręką (hard liczy karty)
cli-arena = boty grają ze sobą na działającym serwerze (każde rozdanie z obróconymi miejscami), a tabela je klasyfikuje
cli-arena-bots = strategie: lowest, highest, random, smart, hard, ścieżka/do/bot.py:choose, pakiet.moduł:choose (podana dwa razy gra sama ze sobą)
cli-arena-games = liczba gier (zaokrąglona w górę do pełnych rozdań: jedna gra na obrót miejsc)
cli-arena-players = miejsc w grze: 2, 3 lub 4
cli-arena-preset = zasady
cli-arena-set = zmień jedną zasadę zestawu (można powtarzać), np. max_tricks=500
cli-arena-seed = ziarno pierwszego rozdania
cli-arena-decide = najdłużej, ile bot może myśleć (mniej, gdy pokój ma limit czasu ruchu)
cli-arena-quiet = bez paska postępu
cli-arena-json = zapisz tabelę i każdą grę jako JSON
cli-arena-csv = zapisz tabelę jako CSV
cli-verify = sprawdź zapis skończonej gry samym protokołem: rozdanie, zdarzenia, wynik i ruchy wobec tego, do czego zobowiązał się serwer (plik albo kod pokoju); krig-server verify odtwarza też każdą bitwę
cli-verify-source = plik zapisu albo kod pokoju
cli-game = z kodem pokoju: numer gry
cli-load = R pokojów po P botów; wypisuje raport
cli-load-rooms = pokoje grane naraz
cli-load-players = boty na pokój, 2-4
cli-load-duration = sekundy
cli-load-preset = zestaw zasad
cli-load-json = wypisz raport jako JSON
cli-load-rate = odkryć na sekundę łącznie (domyślnie: ile się da)
cli-load-warmup = pomiń pierwsze S sekund (wszystkie gry zaczynają się naraz) w opóźnieniach
cli-load-loop = pętla zdarzeń generatora obciążenia (auto: uvloop, jeśli jest zainstalowany, inaczej asyncio)
cli-load-processes = K procesów obciążenia dzielących pokoje i tempo, jeden wspólny raport (duży test potrzebuje botów na więcej niż jeden rdzeń)
cli-replay = przejdź krok po kroku przez skończoną grę (plik zapisu albo kod pokoju)
cli-replay-source = plik zapisu (krig-server record) albo kod pokoju
cli-replay-step = czekaj na Enter po każdej bitwie
cli-replay-delay = sekundy między bitwami

## Zdania krig: złe argumenty i to, co wypisują polecenia

cli-bad-arguments = { $prog }: { $text }.
    (zobacz: { $prog } --help)
cli-missing = podaj też { $missing }, na przykład: { $prog } { $upper }
cli-invalid-choice = { $value } nie jest jednym z: { $choices }
cli-not-a-number = { $option } przyjmuje liczbę, nie { $value }
cli-expected-value = { $option } potrzebuje wartości
cli-unknown-arguments = krig nie zna { $arguments }
cli-what-seats = liczba miejsc
cli-what-bots = liczba graczy komputerowych
cli-what-players = liczba graczy
cli-what-games = liczba gier
cli-what-game = numer gry
cli-what-rooms = liczba pokojów
cli-what-processes = liczba procesów obciążenia
cli-is-a-number = { $what } to liczba, nie { $value }
cli-is-from-to = { $what } to od { $low } do { $high }, nie { $value }
cli-is-one-of = { $what } to { $values } albo { $high }, nie { $value }
cli-no-preset = nie ma zestawu { $value }; zestawy to { $presets }
cli-option-form = zapisz zasadę jako nazwa=wartość, nie { $value }
cli-not-an-option = { $name } nie jest zasadą; zasady to { $known }
cli-not-an-option-players = { $name } nie jest zasadą (graczy wyznaczają miejsca: --seats); zasady to { $known }
cli-name-length = imię ma od 1 do { $max } znaków, nie { $length }
cli-unknown-language = krig mówi w językach: { $languages }, nie { $value }
cli-needs-terminal = krig: ekran startowy potrzebuje terminala; powiedz, co zrobić (krig host, krig join KOD, krig quick, krig rooms, krig watch KOD; zobacz krig --help)
cli-no-public-rooms = brak publicznych pokojów
cli-state-lobby = czeka
cli-state-playing = trwa gra
cli-state-over = po grze
cli-room-row = { $code }  { $preset } miejsca { $taken }/{ $seats }  { $state }  widzowie: { $watching }
cli-too-many-bots = krig host: --bots: przy { $seats } miejscach zmieści się najwyżej { $most } graczy komputerowych, nie { $bots }.
cli-room-code = kod pokoju: { $code }   (znajomi: krig join { $code })
cli-joined-room = dołączono do pokoju { $code }
cli-said = krig: { $sentence }
cli-in-no-room = krig: { $why }; nie jesteś teraz w żadnym pokoju
cli-session-closed = krig: serwer zamknął sesję: { $why }
cli-timeout = krig: serwer { $url } nie odpowiedział na czas
cli-unreachable = krig: nie można połączyć się z serwerem { $url }: { $why }

## Sprawdzenie rozdania (krig verify i v w terminalu)

proof-checked-hash = skrót rozdania zgadza się ze zobowiązaniem ogłoszonym na początku ({ $commitment }…)
proof-checked-deck = rozdanie to dokładnie talia z zasad
proof-checked-tops = pierwsze pokazane karty to wierzchnie karty kupek objętych zobowiązaniem
proof-checked-events = skrót zdarzeń z zapisu zgadza się ze skrótem wysłanych zdarzeń
proof-checked-result = zapisany wynik ({ $result }, zwycięzcy { $winners }, { $reason }) to wysłane game_over
proof-checked-inputs = ruchy to działania ogłoszone przez zdarzenia (jeden na acted, to samo miejsce, ta sama kolejność{ $hand ->
    [yes] , każda karta to ta, którą pokazało miejsce)
   *[no] )
  }
proof-not-checked = czy każda bitwa przebiegła zgodnie z zasadami od tego rozdania (kto ją wygrał, wojny, zebrane karty) i gdzie grę zakończył zegar serwera lub odejście graczy: do tego potrzebny jest silnik zasad; `krig-server verify PLIK` odtwarza całą grę
proof-bad-hash = ujawnione rozdanie nie zgadza się ze zobowiązaniem
proof-bad-start = gra nie zaczęła się z tym zobowiązaniem
proof-bad-revealed = zdarzenie deal_revealed to nie rozdanie z zapisu
proof-bad-deck = ujawnione rozdanie to nie dokładnie talia z zasad
proof-bad-tops = pierwsze pokazane karty to nie wierzchnie karty kupek objętych zobowiązaniem
proof-no-digest = zapis nie ma skrótu wysłanych zdarzeń, więc nie da się sprawdzić jego zdarzeń, wyniku ani ruchów
proof-bad-events = zdarzenia z zapisu to nie zdarzenia wysłane podczas gry
proof-bad-end = wysłane zdarzenia nie kończą się jednym game_over
proof-bad-result = zapisany wynik ({ $result }, zwycięzcy { $winners }, { $reason }) to nie wysłane game_over ({ $sent_result }, zwycięzcy { $sent_winners }, { $sent_reason })
proof-inputs-odd = ruchy są ucięte (nieparzysta liczba bajtów)
proof-inputs-differ = ruchy to nie działania ogłoszone przez zdarzenia: ruchy graczy: { $inputs }, zdarzenia acted: { $acted }{ $seats ->
    [yes] , miejsca się różnią
   *[no] {""}
  }
proof-input-card = ruch { $k } wybiera kartę w grze bez ręki
proof-input-not-shown = ruch { $k } (miejsce { $seat }) to nie karta, którą to miejsce pokazało w kroku { $step }
