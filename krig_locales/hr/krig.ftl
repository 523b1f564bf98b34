### Riječi kriga na hrvatskom: klijent u terminalu (krig) i pravila zajednička sa stolom u
### pregledniku. Igra i njezin trenutak zovu se „rat”; jedno okretanje karata je „potez”;
### karte na sredini stola su „hrpa na stolu”; igračeve karte su njegova „hrpa”. Imena,
### čavrljanje i kodovi soba ostaju kako su napisani.

## Odbijanja poslužitelja

error-bad_frame = Poslužitelj nije mogao pročitati ono što je krig poslao.
error-too_large = To je bilo predugo za poslužitelj.
error-bad_message = Poslužitelj nije prihvatio taj zahtjev.
error-unknown_type = Ovaj poslužitelj ne poznaje tu radnju (stariji poslužitelj?).
error-unsupported_version = Ovaj poslužitelj govori drugu verziju protokola kriga.
error-hello_first = Veza nije ispravno uspostavljena; pokušaj ponovno.
error-bad_session = Tvoja stara sesija je istekla; potrebna je nova.
error-rate_limited = Previše odjednom: pričekaj trenutak i pokušaj ponovno.
error-shutting_down = Taj se poslužitelj gasi; pokušaj ponovno za trenutak.
error-unknown_room = Nijedna soba nema taj kod. Provjeri ga s domaćinom.
error-room_full = Sva su mjesta u toj sobi zauzeta; možeš umjesto toga gledati.
error-room_locked = Domaćin je zaključao tu sobu.
error-not_in_room = Nisi ni u jednoj sobi.
error-already_in_room = Već si u sobi; prvo izađi iz nje.
error-not_host = To može samo domaćin.
error-bad_rules = Po tim se pravilima ne može igrati.
error-not_ready = Nisu još svi igrači spremni.
error-spectating_off = Domaćin ne dopušta gledatelje u toj sobi.
error-seat_taken = To je mjesto zauzeto.
error-removed = Domaćin ti je oduzeo mjesto, a soba ne dopušta gledatelje.
error-chat_off = Domaćin je isključio čavrljanje.
error-not_started = Igra još nije počela.
error-already_started = Igra je već počela.
error-game_over = Igra je gotova.
error-not_a_player = Gledatelji ne mogu igrati.
error-seat_out = Više nisi u ovoj igri.
error-not_awaiting = Nisi na potezu.
error-already_acted = U ovom potezu tvoja je karta već odigrana.
error-wrong_action = Ova se igra ne igra tako (okreni kartu ili odaberi kartu).
error-card_not_in_hand = Te karte nemaš u ruci.
error-stale_step = Igra je već otišla dalje; pogledaj ponovno.
error-waiting_for_store = Stol čeka svoju pohranu; pokušavam ponovno.
error-internal = Poslužitelj nije uspio; ništa nije promijenjeno. Pokušaj ponovno.
error-room_gone = Sobe više nema: poslužitelj je više nema.
error-unknown = Poslužitelj je to odbio.
error-bad_rules-detail = Po tim se pravilima ne može igrati: { $detail }.
error-not-an-address = { $address } nije adresa poslužitelja; napiši je kao ws://HOST:PORT/ws (ili wss://, ili http(s):// adresu stranice u pregledniku)

## Rezultati i imena

seat-n = mjesto { $seat }
result-draw = Neriješeno
result-draw-with = Neriješeno s: { $names }
result-draw-between = Neriješeno između: { $names }; gubiš
result-you-win = Pobjeđuješ
result-you-lose = Gubiš
result-wins = Pobjeđuje { $name }
result-game-over = Kraj igre

## Način redaka

lines-reconnected = (ponovno spojeno; nastavljamo)
lines-server-says = poslužitelj kaže: { $sentence }
lines-in-no-room = { $why }; sada nisi ni u jednoj sobi
lines-room-gone = sobe { $code } više nema: istekla je ili ju je poslužitelj izgubio
lines-your-hand = tvoja ruka: { $cards }  (upiši 1-{ $count } i Enter)
lines-your-turn = na potezu si: pritisni Enter da okreneš kartu
lines-choose-number = odaberi broj od 1 do { $count }
lines-type-number = upiši broj karte
lines-session-ended = sesija je završila: { $why }
replay-header = soba { $code }, igra { $game } ({ $preset }): { $names }; obveza { $commitment }…
replay-next = {"  "}(Enter za sljedeći potez)
event-game-starts = počinje igra { $game }: { $players ->
    [one] { $players } igrač
    [few] { $players } igrača
   *[other] { $players } igrača
}, karte { $counts }
event-card = { $name } { $card }
event-card-down = { $name } { $card } (+{ $down } licem prema dolje)
event-trick = potez { $trick }: { $shown }
event-war-round = rat { $trick }.{ $war }: { $shown }
event-war = RAT: { $names }; { $down ->
    [one] { $down } karta licem prema dolje
    [few] { $down } karte licem prema dolje
   *[other] { $down } karata licem prema dolje
}, zatim jedna licem prema gore
event-won = { $name } uzima { $total ->
    [one] { $total } kartu
    [few] { $total } karte
   *[other] { $total } karata
}
event-won-takes-back = ; { $name } uzima natrag { $cards }
event-won-steals = ; uzima po kartu od: { $names }
event-shuffled = { $name } miješa { $count ->
    [one] { $count } osvojenu kartu
    [few] { $count } osvojene karte
   *[other] { $count } osvojenih karata
} u novu hrpu
event-out = { $name } ispada ({ $reason })
event-game-over-draw = kraj igre: neriješeno između: { $names } ({ $reason })
event-game-over-win = kraj igre: pobjeđuje { $name } ({ $reason }); karte { $counts }
event-deal-revealed = dijeljenje otkriveno: obvezu { $commitment }… sada se može provjeriti
event-joined = { $name } sjeda na mjesto { $seat }
event-joined-bot = { $name } sjeda na mjesto { $seat } (računalo)
event-left = { $name } odlazi
event-disconnected = { $name } gubi vezu
event-back = { $name } se vraća
event-chat = { $name }: { $text }
event-chat-watching = { $name } (gledatelj): { $text }
out-no_cards = nema karata
out-short_war = premalo karata za rat
end-all_cards = sve karte
end-short_war = premalo karata za rat
end-exhausted_tie = svima su ponestale karte
end-time_limit = vrijeme je isteklo
end-wars_won = dobiveni ratovi
end-round_cap = ograničenje poteza
end-cycle = igra se ponavlja
end-abandoned = svi su otišli

## Zašto je igra završila

reason-all_cards = Sve karte ({ $cards }): { $winner }
reason-all_cards-any = Sve karte: { $winner }
reason-short_war = Premalo karata da se dovrši rat: { $loser }
reason-a-player = jedan igrač
reason-exhausted_tie = Svima su ponestale karte usred rata
reason-time_limit = Vrijeme je isteklo, a pobjeđuje tko ima najviše karata
reason-wars_won = Dobiveni ratovi ({ $wars }): { $winner }
reason-wars_won-any = Dovoljno dobivenih ratova: { $winner }
reason-round_cap = Dosegnuto je ograničenje poteza ({ $tricks }), a pobjeđuje tko ima najviše karata
reason-round_cap-any = Dosegnuto je ograničenje poteza, a pobjeđuje tko ima najviše karata
reason-cycle = Igra bi se ponavljala zauvijek
reason-abandoned = Svi su igrači otišli, a pobjeđuje tko ima najviše karata

## Pravila

rule-players = Igrači
rule-players-n = { $n ->
    [one] { $n } igrač
    [few] { $n } igrača
   *[other] { $n } igrača
}
rule-players-source = NO/HR: 2; PL/SE: 2–4; LV: 2+
rule-jokers = Džokeri u špilu
rule-jokers-0 = nema
rule-jokers-n = { $n }, iznad asa
rule-jokers-source = LV
rule-min_rank = Najniža karta u špilu
rule-min_rank-2 = 2 (cijeli špil)
rule-min_rank-6 = 6 (36 karata)
rule-min_rank-9 = 9 (24 karte)
rule-min_rank-11 = dečko
rule-min_rank-12 = dama
rule-min_rank-13 = kralj
rule-min_rank-14 = as
rule-min_rank-source = LV
rule-war_down = Karte licem prema dolje u ratu
rule-war_down-source = NO/HR/SE 3; PL 1; LV 0; SE „više ili manje”
rule-war_repeat = Ponovno izjednačenje u ratu
rule-war_repeat-same = novi rat, opet s kartama licem prema dolje
rule-war_repeat-face_up_only = odlučuju pojedinačne karte licem prema gore
rule-war_repeat-source = NO/PL/SE/LV; HR
rule-short_war = Premalo karata za rat
rule-short_war-lose = taj igrač odmah gubi
rule-short_war-last_card = igra onim što ima, zadnjom kartom licem prema gore
rule-short_war-source = NO, PL, SE
rule-war_players = Tko ratuje (3-4 igrača)
rule-war_players-tied_highest = igrači izjednačeni na najvišoj karti
rule-war_players-all_in_battle = svi u potezu
rule-war_players-any_tied = svi čije su karte izjednačene, čak i niske
rule-war_players-source = SE, PL, LV
rule-war_winner = Tko može dobiti rat
rule-war_winner-participants = igrači u ratu
rule-war_winner-highest_card = najviša karta na stolu, bilo čija
rule-war_winner-source = LV
rule-winnings = Osvojene karte idu
rule-winnings-under_pile = pod tvoju hrpu
rule-winnings-separate = na hrpu dobitaka, koja se promiješa kad hrpa ostane prazna
rule-winnings-source = NO/HR/SE; LV, NO inačica
rule-gather_order = Redoslijed osvojenih karata
rule-gather_order-winner_first = prvo karte pobjednika, uvijek
rule-gather_order-seat_order = redom mjesta, uvijek
rule-gather_order-shuffled = promiješane, kako ih ruka pokupi (iz sjemena dijeljenja)
rule-gather_order-source = krigova odluka
rule-steal = Rat s krađom
rule-steal-false = isključen
rule-steal-true = pobjednik rata uzima i po kartu od svakog gubitnika
rule-steal-source = SE
rule-hand_size = Karte u ruci za odabir (Arneson)
rule-hand_size-0 = nema: okreni gornju kartu
rule-hand_size-source = HR
rule-loser_takes_tied = Gubitnik rata uzima natrag izjednačene karte
rule-loser_takes_tied-false = ne
rule-loser_takes_tied-true = da
rule-loser_takes_tied-source = HR
rule-time_limit_s = Vremensko ograničenje
rule-time_limit_s-0 = nema
rule-time_limit_s-minutes = { $minutes } min
rule-time_limit_s-seconds = { $seconds } s
rule-time_limit_s-source = NO, SE
rule-wars_to_win = Dobiveni ratovi za pobjedu
rule-wars_to_win-0 = isključeno
rule-wars_to_win-source = HR: 3
rule-max_tricks = Ograničenje poteza
rule-max_tricks-0 = nema: igra do kraja (najviše 10 000 poteza)
rule-max_tricks-source = krigova odluka
rule-detect_cycles = Igra koja se ponavlja zauvijek
rule-detect_cycles-true = završava neriješeno (samo bez miješanja)
rule-detect_cycles-false = ide dalje do granice
rule-detect_cycles-source = krigova odluka (PL: igra se može ponavljati)
rule-line = { $label }: { $value } ({ $source })
rule-not-one-of = { $name } je jedno od: { $choices }, a ne { $value }
rule-not-bool = { $name } je true ili false, a ne { $value }
rule-not-number = { $name } je cijeli broj, a ne { $value }
rule-not-in-range = { $name } je od { $low } do { $high }, a ne { $value }

source-NO = norveški
source-PL = poljski
source-LV = latvijski
source-HR = hrvatski
source-SE = švedski

## Skupovi pravila

preset-line = { $title }: { $summary } ({ $source })
preset-classic-title = klasični
preset-classic = 3 licem prema dolje u ratu; tko nema dovoljno karata, gubi
preset-classic-source = zajednička jezgra NO/HR/SE
preset-quick-title = brzi
preset-quick = špil od 36 karata, od 6 do asa: kraće igre
preset-quick-source = LV (36 karata: kraća igra)
preset-norwegian-title = norveški
preset-norwegian = 3 licem prema dolje, premalo karata gubi, osvojene karte pod hrpu
preset-norwegian-source = NO
preset-polish-title = poljski
preset-polish = 1 licem prema dolje; ratuju svi iz poteza
preset-polish-source = PL
preset-latvian-title = latvijski
preset-latvian = 2 džokera; ratovi licem prema gore; hrpa dobitaka
preset-latvian-source = LV
preset-croatian-title = hrvatski
preset-croatian = daljnja izjednačenja kartama licem prema gore
preset-croatian-source = HR
preset-swedish-title = švedski
preset-swedish = premalo karata: igraj onim što imaš
preset-swedish-source = SE
preset-arneson-title = Arnesonov
preset-arneson = biraj iz ruke od 3 karte
preset-arneson-source = HR (inačica Erika Arnesona)
preset-steal-title = s krađom
preset-steal = pobjednik rata krade kartu
preset-steal-source = SE (Stjäl-krig)
preset-timed-title = na vrijeme
preset-timed = 15 minuta, zatim pobjeđuje najviše karata
preset-timed-source = NO, SE (kućno pravilo s vremenskim ograničenjem)

## krig --help

cli-description =
    krig: igraj Rat u terminalu s prijateljima, s računalom ili s jednima i drugima.

    Pokreni sam krig u terminalu za početni zaslon (otvori sobu, pridruži se, brza
    igra, otvorene sobe, gledanje); svaka od tih stvari je i naredba. U terminalu
    stol zauzima cijeli zaslon; inače (ili uz --lines) krig ispisuje jedan redak po
    događaju. Razmaknica ili Enter okreće kartu; u igri s rukom (Arneson) broj
    odabire kartu; --auto igra samo. Poslužitelj dolazi iz --url ili KRIG_URL,
    inače je to lokalni koji pokreće "python3 dev.py krig-server serve".
cli-epilog =
    primjeri:
      krig                          početni zaslon
      krig host --bots 1            igraj protiv računala odmah: igra počinje odmah
      krig host --preset arneson --seats 3 --set war_down=1
      krig join K7P-Q3X             zauzmi mjesto
      krig watch K7P-Q3X            gledaj igru
      krig quick                    mjesto u sljedećoj javnoj igri
      krig lobby                    otvorene sobe (krig rooms ih ispisuje)
      krig verify K7P-Q3X           provjeri pošteno dijeljenje završene igre
cli-usage = upotreba:{" "}
cli-positionals = pozicijski argumenti
cli-options = opcije
cli-help = prikaži ovu pomoć i izađi
cli-url = poslužitelj, ws://HOST:PORT/ws (ili wss://; varijabla KRIG_URL)
cli-url-short = poslužitelj
cli-name = tvoje ime za stolom (zadano: $USER)
cli-name-short = tvoje ime za stolom
cli-ascii = C D H S i obične crte umjesto simbola
cli-lang = jezik: { $languages } (varijabla KRIG_LANG, inače LC_ALL, LC_MESSAGES ili LANG; zadano en)
cli-lines = način redaka i u terminalu
cli-auto = igraj sam (jedna igra)
cli-strategy = uz --auto u igri s rukom: koju kartu igrati: lowest, highest, random, smart, hard ili tvoja funkcija, put/do/bot.py:choose ili paket.modul:choose (docs/BOTS.md)
cli-host = otvori sobu, pokaži njezin kod i igraj
cli-host-preset = pravila: { $presets } (prikazuje ih krig-server presets)
cli-host-set = promijeni jedno pravilo skupa (može se ponavljati; popis u docs/RULES.md)
cli-host-seats = mjesta za stolom: 2, 3 ili 4
cli-host-bots = računalni igrači koji odmah sjedaju (manje nego mjesta)
cli-host-public = prikaži sobu među otvorenim sobama
cli-host-ready-checks = svaki igrač javlja da je spreman (inače zauzeto mjesto znači spreman)
cli-join = zauzmi mjesto u sobi prema njezinu kodu i igraj
cli-join-code = kod sobe, kako ga je dobio domaćin
cli-watch = gledaj sobu prema njezinu kodu
cli-metavar-code = kod
cli-metavar-source = izvor
cli-code = kod sobe
cli-rooms = ispiši javne sobe
cli-lobby = otvorene sobe preko cijelog zaslona, za pridruživanje ili gledanje (drugdje: kao krig rooms)
cli-quick = mjesto u sljedećoj javnoj igri (ili u novoj)
cli-quick-players = veličina stola: 2, 3 ili 4
cli-quick-preset = pravila
cli-bot = jedno mjesto bez zaslona u sobi
cli-bot-strategy = instant / human (prvo stanka) okreće; u igrama s rukom: lowest, highest, random, smart, hard ili tvoja funkcija, put/do/bot.py:choose ili paket.modul:choose
cli-bot-games = koliko igara zaredom (revanš nakon svake)
cli-host-level = razina računalnih igrača u igrama s rukom (hard broji karte)
cli-arena = botovi igraju jedni protiv drugih na živom poslužitelju (svako dijeljenje s zarotiranim mjestima), a ljestvica ih rangira
cli-arena-bots = strategije: lowest, highest, random, smart, hard, put/do/bot.py:choose, paket.modul:choose (navedena dvaput igra sama protiv sebe)
cli-arena-games = broj igara (zaokružen naviše na cijela dijeljenja: jedna igra po rotaciji mjesta)
cli-arena-players = mjesta po igri: 2, 3 ili 4
cli-arena-preset = pravila
cli-arena-set = promijeni jedno pravilo predloška (može se ponavljati), npr. max_tricks=500
cli-arena-seed = sjeme prvog dijeljenja
cli-arena-decide = najdulje što bot smije razmišljati (manje kad soba ima mjerač poteza)
cli-arena-quiet = bez trake napretka
cli-arena-json = zapiši ljestvicu i svaku igru kao JSON
cli-arena-csv = zapiši ljestvicu kao CSV
cli-verify = provjeri zapis završene igre samim protokolom: dijeljenje, događaje, rezultat i poteze prema onome na što se poslužitelj obvezao (datoteka ili kod sobe); krig-server verify također ponavlja svaki potez
cli-verify-source = datoteka zapisa ili kod sobe
cli-game = uz kod sobe: broj igre
cli-load = R soba s P robota u svakoj; ispisuje izvještaj
cli-load-rooms = sobe koje se igraju istodobno
cli-load-players = robota po sobi, 2-4
cli-load-duration = sekunde
cli-load-preset = skup pravila
cli-load-json = ispiši izvještaj kao JSON
cli-load-rate = okretanja u sekundi ukupno (zadano: koliko god brže)
cli-load-warmup = izostavi prvih S sekundi (sve igre počinju odjednom) iz kašnjenja
cli-load-loop = petlja događaja generatora opterećenja (auto: uvloop ako je instaliran, inače asyncio)
cli-load-processes = K procesa opterećenja koji dijele sobe i tempo, jedan zajednički izvještaj (velikom pokretanju treba robota za više od jedne jezgre)
cli-replay = prođi korak po korak kroz završenu igru (datoteka zapisa ili kod sobe)
cli-replay-source = datoteka zapisa (krig-server record) ili kod sobe
cli-replay-step = čekaj Enter nakon svakog poteza
cli-replay-delay = sekunde između poteza

## Krigove rečenice: pogrešni argumenti i ono što naredbe ispisuju

cli-bad-arguments = { $prog }: { $text }.
    (vidi: { $prog } --help)
cli-missing = navedi i { $missing }, na primjer: { $prog } { $upper }
cli-invalid-choice = { $value } nije jedno od: { $choices }
cli-not-a-number = { $option } prima broj, a ne { $value }
cli-expected-value = { $option } treba vrijednost
cli-unknown-arguments = krig ne poznaje { $arguments }
cli-what-seats = broj mjesta
cli-what-bots = broj računalnih igrača
cli-what-players = broj igrača
cli-what-games = broj igara
cli-what-game = broj igre
cli-what-rooms = broj soba
cli-what-processes = broj procesa opterećenja
cli-is-a-number = { $what } je broj, a ne { $value }
cli-is-from-to = { $what } je od { $low } do { $high }, a ne { $value }
cli-is-one-of = { $what } je { $values } ili { $high }, a ne { $value }
cli-no-preset = nema skupa pravila { $value }; skupovi su { $presets }
cli-option-form = napiši pravilo kao ime=vrijednost, a ne { $value }
cli-not-an-option = { $name } nije pravilo; pravila su { $known }
cli-not-an-option-players = { $name } nije pravilo (igrače određuju mjesta: --seats); pravila su { $known }
cli-name-length = ime ima od 1 do { $max } znakova, a ne { $length }
cli-unknown-language = krig govori jezike: { $languages }, a ne { $value }
cli-needs-terminal = krig: početnom zaslonu treba terminal; reci što da radi (krig host, krig join KOD, krig quick, krig rooms, krig watch KOD; vidi krig --help)
cli-no-public-rooms = nema javnih soba
cli-state-lobby = čeka
cli-state-playing = igra se
cli-state-over = gotovo
cli-room-row = { $code }  { $preset } mjesta { $taken }/{ $seats }  { $state }  gledatelja: { $watching }
cli-too-many-bots = krig host: --bots: uz { $seats } mjesta ima prostora za najviše { $most } računalnih igrača, a ne { $bots }.
cli-room-code = kod sobe: { $code }   (prijatelji: krig join { $code })
cli-joined-room = soba { $code }: tvoje je mjesto za stolom
cli-said = krig: { $sentence }
cli-in-no-room = krig: { $why }; sada nisi ni u jednoj sobi
cli-session-closed = krig: poslužitelj je zatvorio sesiju: { $why }
cli-timeout = krig: poslužitelj { $url } nije odgovorio na vrijeme
cli-unreachable = krig: ne mogu doći do poslužitelja { $url }: { $why }

## Provjera dijeljenja (krig verify i v u terminalu)

proof-checked-hash = sažetak dijeljenja odgovara obvezi objavljenoj na početku ({ $commitment }…)
proof-checked-deck = podijeljeno je točno špil iz pravila
proof-checked-tops = prve prikazane karte gornje su karte hrpa na koje se obveza odnosi
proof-checked-events = sažetak događaja iz zapisa odgovara sažetku poslanih događaja
proof-checked-result = zapisani rezultat ({ $result }, pobjednici { $winners }, { $reason }) jest poslani game_over
proof-checked-inputs = potezi su radnje koje događaji najavljuju (jedan po acted, isto mjesto, isti redoslijed{ $hand ->
    [yes] , svaka karta ona koju je to mjesto pokazalo)
   *[no] )
  }
proof-not-checked = je li svaki potez išao po pravilima od ovog dijeljenja (tko ga je dobio, ratovi, skupljene karte) i gdje je igru završio sat poslužitelja ili odlazak igrača: za to treba pogon pravila; `krig-server verify DATOTEKA` ponavlja cijelu igru
proof-bad-hash = otkriveno dijeljenje ne odgovara obvezi
proof-bad-start = igra nije počela s ovom obvezom
proof-bad-revealed = događaj deal_revealed nije dijeljenje iz zapisa
proof-bad-deck = otkriveno dijeljenje nije točno špil iz pravila
proof-bad-tops = prve prikazane karte nisu gornje karte hrpa na koje se obveza odnosi
proof-no-digest = zapis nema sažetak poslanih događaja, pa se njegovi događaji, rezultat i potezi ne mogu provjeriti
proof-bad-events = događaji iz zapisa nisu događaji poslani tijekom igre
proof-bad-end = poslani događaji ne završavaju jednim game_over
proof-bad-result = zapisani rezultat ({ $result }, pobjednici { $winners }, { $reason }) nije poslani game_over ({ $sent_result }, pobjednici { $sent_winners }, { $sent_reason })
proof-inputs-odd = potezi su odrezani (neparan broj bajtova)
proof-inputs-differ = potezi nisu radnje koje događaji najavljuju: potezi igrača: { $inputs }, događaji acted: { $acted }{ $seats ->
    [yes] , mjesta se razlikuju
   *[no] {""}
  }
proof-input-card = potez { $k } bira kartu u igri bez ruke
proof-input-not-shown = potez { $k } (mjesto { $seat }) nije karta koju je to mjesto pokazalo u koraku { $step }
