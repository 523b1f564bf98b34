### krigs ord på norsk bokmål: terminalklienten (krig) og reglene som deles med bordet i
### nettleseren. Spillet og øyeblikket heter «krig»; en runde er et «stikk»; kortene på bordet
### er «bunken på bordet»; spillerens egne kort er «bunken». Navn, chat og romkoder står slik
### de er skrevet.

## Serverens avslag

error-bad_frame = Serveren kunne ikke lese det krig sendte.
error-too_large = Det var for langt for serveren.
error-bad_message = Serveren godtok ikke den forespørselen.
error-unknown_type = Denne serveren kjenner ikke den handlingen (en eldre server?).
error-unsupported_version = Denne serveren snakker en annen versjon av krig-protokollen.
error-hello_first = Forbindelsen ble ikke satt opp riktig; prøv igjen.
error-bad_session = Den gamle økten din er utløpt; det trengs en ny.
error-rate_limited = For mye på en gang: vent litt og prøv igjen.
error-shutting_down = Den serveren holder på å slå seg av; prøv igjen om litt.
error-unknown_room = Ingen rom har den koden. Sjekk den med verten.
error-room_full = Alle plassene i det rommet er tatt; du kan se på i stedet.
error-room_locked = Verten har låst det rommet.
error-not_in_room = Du er ikke i noe rom.
error-already_in_room = Du er allerede i et rom; gå ut av det først.
error-not_host = Bare verten kan gjøre det.
error-bad_rules = De reglene kan ikke spilles.
error-not_ready = Ikke alle spillerne er klare ennå.
error-spectating_off = Verten tillater ikke tilskuere i det rommet.
error-seat_taken = Den plassen er tatt.
error-removed = Verten tok fra deg plassen, og rommet tillater ikke tilskuere.
error-chat_off = Verten har slått av chatten.
error-not_started = Spillet har ikke begynt ennå.
error-already_started = Spillet har allerede begynt.
error-game_over = Spillet er over.
error-not_a_player = Tilskuere kan ikke spille.
error-seat_out = Du er ute av dette spillet.
error-not_awaiting = Det er ikke din tur.
error-already_acted = Du har allerede spilt denne runden.
error-wrong_action = Det er ikke slik dette spillet spilles (snu et kort, eller velg et kort).
error-card_not_in_hand = Det kortet har du ikke på hånden.
error-stale_step = Bordet hadde gått videre; se igjen.
error-waiting_for_store = Bordet venter på lageret sitt; prøver igjen.
error-internal = Serveren feilet; ingenting ble endret. Prøv igjen.
error-room_gone = Rommet finnes ikke lenger: serveren har det ikke.
error-unknown = Serveren avslo det.
error-bad_rules-detail = De reglene kan ikke spilles: { $detail }.
error-not-an-address = { $address } er ikke en serveradresse; skriv den som ws://HOST:PORT/ws (eller wss://, eller http(s)://-adressen til nettsiden)

## Resultater og navn

seat-n = plass { $seat }
result-draw = Uavgjort
result-draw-with = Uavgjort med { $names }
result-draw-between = Uavgjort mellom { $names }: du taper
result-you-win = Du vinner
result-you-lose = Du taper
result-wins = { $name } vinner
result-game-over = Spillet er over

## Linjemodus

lines-reconnected = (koblet til igjen; fortsetter)
lines-server-says = serveren sier: { $sentence }
lines-in-no-room = { $why }; du er ikke i noe rom nå
lines-room-gone = rom { $code } finnes ikke lenger: det utløp, eller serveren mistet det
lines-your-hand = hånden din: { $cards }  (skriv 1-{ $count } og Enter)
lines-your-turn = din tur: trykk Enter for å snu kortet
lines-choose-number = velg et tall fra 1 til { $count }
lines-type-number = skriv nummeret på et kort
lines-session-ended = økten er slutt: { $why }
replay-header = rom { $code } spill { $game } ({ $preset }): { $names }; forpliktelse { $commitment }…
replay-next = {"  "}(Enter for neste stikk)
event-game-starts = spill { $game } begynner: { $players } spillere, kort { $counts }
event-card = { $name } { $card }
event-card-down = { $name } { $card } (+{ $down } { $down ->
    [one] skjult
   *[other] skjulte
})
event-trick = stikk { $trick }: { $shown }
event-war-round = krig { $trick }.{ $war }: { $shown }
event-war = KRIG mellom { $names }: { $down } med baksiden opp, så ett med forsiden opp
event-won = { $name } vinner { $total } kort
event-won-takes-back = ; { $name } tar tilbake { $cards }
event-won-steals = ; stjeler fra { $names }
event-shuffled = { $name } stokker { $count } vunne kort til en ny bunke
event-out = { $name } er ute ({ $reason })
event-game-over-draw = spillet er over: uavgjort mellom { $names } ({ $reason })
event-game-over-win = spillet er over: { $name } vinner ({ $reason }); kort { $counts }
event-deal-revealed = utdelingen er avslørt: forpliktelsen { $commitment }… kan nå sjekkes
event-joined = { $name } setter seg på plass { $seat }
event-joined-bot = { $name } setter seg på plass { $seat } (datamaskin)
event-left = { $name } gikk
event-disconnected = { $name } mistet forbindelsen
event-back = { $name } er tilbake
event-chat = { $name }: { $text }
event-chat-watching = { $name } (tilskuer): { $text }
out-no_cards = tom for kort
out-short_war = for få kort til krigen
end-all_cards = alle kortene
end-short_war = for få kort til krigen
end-exhausted_tie = alle gikk tom for kort
end-time_limit = tiden er ute
end-wars_won = vunne kriger
end-round_cap = stikkgrensen
end-cycle = spillet gjentar seg
end-abandoned = alle gikk

## Hvorfor spillet sluttet

reason-all_cards = { $winner } vant alle { $cards } kortene
reason-all_cards-any = { $winner } vant alle kortene
reason-short_war = { $loser } hadde for få kort til å fullføre en krig
reason-a-player = en spiller
reason-exhausted_tie = Alle gikk tom for kort i en krig
reason-time_limit = Tiden gikk ut, og flest kort vinner
reason-wars_won = { $winner } vant { $wars ->
    [one] { $wars } krig
   *[other] { $wars } kriger
}
reason-wars_won-any = { $winner } vant nok kriger
reason-round_cap = Stikkgrensen ({ $tricks }) ble nådd, og flest kort vinner
reason-round_cap-any = Stikkgrensen ble nådd, og flest kort vinner
reason-cycle = Spillet gjentok seg i det uendelige
reason-abandoned = Alle spillerne gikk, og flest kort vinner

## Reglene

rule-players = Spillere
rule-players-n = { $n ->
    [one] { $n } spiller
   *[other] { $n } spillere
}
rule-players-source = NO/HR: 2; PL/SE: 2–4; LV: 2+
rule-jokers = Jokere i kortstokken
rule-jokers-0 = ingen
rule-jokers-n = { $n }, over esset
rule-jokers-source = LV
rule-min_rank = Laveste kort som beholdes
rule-min_rank-2 = 2 (hele kortstokken)
rule-min_rank-6 = 6 (36 kort)
rule-min_rank-9 = 9 (24 kort)
rule-min_rank-11 = knekt
rule-min_rank-12 = dame
rule-min_rank-13 = konge
rule-min_rank-14 = ess
rule-min_rank-source = LV
rule-war_down = Kort med baksiden opp i en krig
rule-war_down-source = NO/HR/SE 3; PL 1; LV 0; SE «flere eller færre»
rule-war_repeat = Likt igjen i en krig
rule-war_repeat-same = en ny krig, igjen med skjulte kort
rule-war_repeat-face_up_only = avgjøres med enkeltkort med forsiden opp
rule-war_repeat-source = NO/PL/SE/LV; HR
rule-short_war = For få kort til en krig
rule-short_war-lose = den spilleren taper med en gang
rule-short_war-last_card = spilleren bruker kortene sine, det siste med forsiden opp
rule-short_war-source = NO, PL, SE
rule-war_players = Hvem som går i krig (3-4 spillere)
rule-war_players-tied_highest = spillerne som har likt på det høyeste kortet
rule-war_players-all_in_battle = alle i stikket
rule-war_players-any_tied = alle spillere med like kort, også lave
rule-war_players-source = SE, PL, LV
rule-war_winner = Hvem som kan vinne en krig
rule-war_winner-participants = spillerne i krigen
rule-war_winner-highest_card = det høyeste kortet på bordet, uansett hvem sitt
rule-war_winner-source = LV
rule-winnings = Vunne kort går
rule-winnings-under_pile = under bunken din
rule-winnings-separate = til en gevinstbunke, som stokkes inn når bunken er tom
rule-winnings-source = NO/HR/SE; LV, NO variant
rule-gather_order = Rekkefølgen på de vunne kortene
rule-gather_order-winner_first = vinnerens kort først, alltid
rule-gather_order-seat_order = i plassrekkefølge, alltid
rule-gather_order-shuffled = stokket, slik en hånd samler dem (fra seedet i given)
rule-gather_order-source = krig selv
rule-steal = Stjele-krig
rule-steal-false = av
rule-steal-true = vinneren av krigen tar også et kort fra hver taper
rule-steal-source = SE
rule-hand_size = Kort på hånden å velge mellom (Arneson)
rule-hand_size-0 = ingen: snu det øverste kortet
rule-hand_size-source = HR
rule-loser_takes_tied = Taperen av krigen tar tilbake de like kortene
rule-loser_takes_tied-false = nei
rule-loser_takes_tied-true = ja
rule-loser_takes_tied-source = HR
rule-time_limit_s = Tidsgrense
rule-time_limit_s-0 = ingen
rule-time_limit_s-minutes = { $minutes } min
rule-time_limit_s-seconds = { $seconds } s
rule-time_limit_s-source = NO, SE
rule-wars_to_win = Vunne kriger for å vinne spillet
rule-wars_to_win-0 = av
rule-wars_to_win-source = HR: 3
rule-max_tricks = Stikkgrense
rule-max_tricks-0 = ingen: spill til slutten (høyst 10 000 stikk)
rule-max_tricks-source = krig selv
rule-detect_cycles = Et spill som gjentar seg i det uendelige
rule-detect_cycles-true = ender uavgjort (bare uten stokking)
rule-detect_cycles-false = fortsetter til grensen
rule-detect_cycles-source = krig selv (PL: spill kan gjenta seg)
rule-line = { $label }: { $value } ({ $source })
rule-not-one-of = { $name } er en av { $choices }, ikke { $value }
rule-not-bool = { $name } er true eller false, ikke { $value }
rule-not-number = { $name } er et heltall, ikke { $value }
rule-not-in-range = { $name } er fra { $low } til { $high }, ikke { $value }

source-NO = norsk
source-PL = polsk
source-LV = latvisk
source-HR = kroatisk
source-SE = svensk

## Regelsett

preset-line = { $title }: { $summary } ({ $source })
preset-classic-title = klassisk
preset-classic = 3 skjulte i en krig; for få kort taper
preset-classic-source = felles kjerne NO/HR/SE
preset-quick-title = rask
preset-quick = kortstokk med 36 kort, 6 til ess: kortere spill
preset-quick-source = LV (36 kort: et kortere spill)
preset-norwegian-title = norsk
preset-norwegian = 3 skjulte, for få kort taper, vunne kort under bunken
preset-norwegian-source = NO
preset-polish-title = polsk
preset-polish = 1 skjult; alle i stikket går i krig
preset-polish-source = PL
preset-latvian-title = latvisk
preset-latvian = 2 jokere; kriger med forsiden opp; en gevinstbunke
preset-latvian-source = LV
preset-croatian-title = kroatisk
preset-croatian = senere likt avgjøres med åpne kort
preset-croatian-source = HR
preset-swedish-title = svensk
preset-swedish = for få kort: spill det du har
preset-swedish-source = SE
preset-arneson-title = Arneson
preset-arneson = velg fra en hånd med 3 kort
preset-arneson-source = HR (Erik Arnesons variant)
preset-steal-title = stjele-krig
preset-steal = vinneren av krigen stjeler et kort
preset-steal-source = SE (Stjäl-krig)
preset-timed-title = på tid
preset-timed = 15 minutter, så vinner flest kort
preset-timed-source = NO, SE (husregel med tidsgrense)

## krig --help

cli-description =
    krig: spill Krig i terminalen med venner, datamaskinspillere eller begge deler.

    Kjør krig alene i en terminal for startskjermen (vert, bli med, raskt spill,
    åpne rom, se på); hver av dem er også en kommando. I en terminal tegnes bordet
    over hele skjermen; ellers (eller med --lines) skriver krig én linje per
    hendelse. Mellomrom eller Enter snur kortet; i et håndspill (Arneson) velger et
    tall kortet; --auto spiller av seg selv. Serveren kommer fra --url eller
    KRIG_URL, ellers den lokale som "python3 dev.py krig-server serve" starter.
cli-epilog =
    eksempler:
      krig                          startskjermen
      krig host --bots 1            spill mot maskinen nå: spillet starter med en gang
      krig host --preset arneson --seats 3 --set war_down=1
      krig join K7P-Q3X             ta en plass
      krig watch K7P-Q3X            se på et spill
      krig quick                    en plass i neste offentlige spill
      krig lobby                    de åpne rommene (krig rooms skriver dem ut)
      krig verify K7P-Q3X           sjekk at et ferdig spill ble delt ut rettferdig
cli-usage = bruk:{" "}
cli-positionals = posisjonsargumenter
cli-options = valg
cli-help = vis denne hjelpen og avslutt
cli-url = serveren, ws://HOST:PORT/ws (eller wss://; miljøvariabel KRIG_URL)
cli-url-short = serveren
cli-name = navnet ditt ved bordet (standard: $USER)
cli-name-short = navnet ditt ved bordet
cli-ascii = C D H S og enkle linjer i stedet for symboler
cli-lang = språket: { $languages } (miljøvariabel KRIG_LANG, ellers LC_ALL, LC_MESSAGES eller LANG; standard en)
cli-lines = linjemodus også i en terminal
cli-auto = spill av deg selv (ett spill)
cli-strategy = med --auto i et spill med hånd: hvilket kort som spilles: lowest, highest, random, smart, hard, eller din egen funksjon, sti/til/bot.py:choose eller pakke.modul:choose (docs/BOTS.md)
cli-host = opprett et rom, vis koden og spill
cli-host-preset = reglene: { $presets } (krig-server presets viser dem)
cli-host-set = endre én regel i regelsettet (kan gjentas; docs/RULES.md lister dem)
cli-host-seats = plasser ved bordet: 2, 3 eller 4
cli-host-bots = datamaskinspillere som setter seg nå (færre enn plassene)
cli-host-public = vis rommet blant de åpne rommene
cli-host-ready-checks = alle spillerne sier fra at de er klare (ellers betyr en tatt plass klar)
cli-join = ta en plass i et rom med koden, og spill
cli-join-code = rommets kode, slik verten fikk den
cli-watch = se på et rom med koden
cli-metavar-code = kode
cli-metavar-source = kilde
cli-code = rommets kode
cli-rooms = skriv ut de offentlige rommene
cli-lobby = de åpne rommene over hele skjermen, for å bli med eller se på (ellers: som krig rooms)
cli-quick = en plass i neste offentlige spill (eller et nytt)
cli-quick-players = bordstørrelse: 2, 3 eller 4
cli-quick-preset = reglene
cli-bot = én plass uten skjerm i et rom
cli-bot-strategy = instant / human (en pause først) snur; i spill med hånd: lowest, highest, random, smart, hard, eller din egen funksjon, sti/til/bot.py:choose eller pakke.modul:choose
cli-bot-games = antall spill på rad (omkamp etter hvert)
cli-host-level = datamaskinspillernes nivå i spill med hånd (hard teller kort)
cli-arena = roboter spiller mot hverandre på en levende server (hver giv med plassene rotert), og en resultatliste rangerer dem
cli-arena-bots = strategier: lowest, highest, random, smart, hard, sti/til/bot.py:choose, pakke.modul:choose (én nevnt to ganger spiller mot seg selv)
cli-arena-games = antall spill (rundet opp til hele giv: ett spill per rotasjon av plassene)
cli-arena-players = plasser per spill: 2, 3 eller 4
cli-arena-preset = reglene
cli-arena-set = endre én regel i forhåndsvalget (kan gjentas), f.eks. max_tricks=500
cli-arena-seed = seedet til første giv
cli-arena-decide = det lengste en robot kan tenke (mindre når rommet har tur-tidtaker)
cli-arena-quiet = ingen fremdriftslinje
cli-arena-json = skriv listen og hvert spill som JSON
cli-arena-csv = skriv listen som CSV
cli-verify = sjekk protokollen alene mot opptaket av et ferdig spill: utdelingen, hendelsene, resultatet og trekkene mot det serveren forpliktet seg til (fil eller romkode); krig-server verify spiller også av hvert stikk
cli-verify-source = opptaksfil eller romkode
cli-game = med romkode: spillnummer
cli-load = R rom med P roboter hver; skriver en rapport
cli-load-rooms = rom som spilles samtidig
cli-load-players = roboter per rom, 2-4
cli-load-duration = sekunder
cli-load-preset = regelsett
cli-load-json = skriv rapporten som JSON
cli-load-rate = kortsnu per sekund totalt (standard: så fort som mulig)
cli-load-warmup = hold de første S sekundene (alle spill starter samtidig) utenfor ventetiden
cli-load-loop = hendelsesløkken til lastgeneratoren (auto: uvloop der den er installert, ellers asyncio)
cli-load-processes = K lastprosesser som deler rommene og takten, én samlet rapport (en stor kjøring trenger roboter for mer enn én kjerne)
cli-replay = gå gjennom et ferdig spill (en opptaksfil eller en romkode)
cli-replay-source = opptaksfil (krig-server record) eller romkode
cli-replay-step = vent på Enter etter hvert stikk
cli-replay-delay = sekunder mellom stikkene

## krigs egne setninger: feil argumenter og det kommandoene skriver ut

cli-bad-arguments = { $prog }: { $text }.
    (se: { $prog } --help)
cli-missing = oppgi også { $missing }, som i: { $prog } { $upper }
cli-invalid-choice = { $value } er ikke en av: { $choices }
cli-not-a-number = { $option } tar et tall, ikke { $value }
cli-expected-value = { $option } trenger en verdi
cli-unknown-arguments = krig kjenner ikke { $arguments }
cli-what-seats = antall plasser
cli-what-bots = antall datamaskinspillere
cli-what-players = antall spillere
cli-what-games = antall spill
cli-what-game = spillnummeret
cli-what-rooms = antall rom
cli-what-processes = antall lastprosesser
cli-is-a-number = { $what } er et tall, ikke { $value }
cli-is-from-to = { $what } er fra { $low } til { $high }, ikke { $value }
cli-is-one-of = { $what } er { $values } eller { $high }, ikke { $value }
cli-no-preset = det finnes ikke noe regelsett { $value }; regelsettene er { $presets }
cli-option-form = skriv en regel som navn=verdi, ikke { $value }
cli-not-an-option = { $name } er ikke en regel; reglene er { $known }
cli-not-an-option-players = { $name } er ikke en regel (plassene bestemmer spillerne: --seats); reglene er { $known }
cli-name-length = et navn har 1 til { $max } tegn, ikke { $length }
cli-unknown-language = krig snakker { $languages }, ikke { $value }
cli-needs-terminal = krig: startskjermen trenger en terminal; si hva som skal gjøres i stedet (krig host, krig join KODE, krig quick, krig rooms, krig watch KODE; se krig --help)
cli-no-public-rooms = ingen offentlige rom
cli-state-lobby = venter
cli-state-playing = spiller
cli-state-over = ferdig
cli-room-row = { $code }  { $preset } { $taken }/{ $seats } plasser  { $state }  { $watching } ser på
cli-too-many-bots = krig host: --bots: med { $seats } plasser er det plass til høyst { $most } datamaskinspillere, ikke { $bots }.
cli-room-code = romkode: { $code }   (venner: krig join { $code })
cli-joined-room = ble med i rom { $code }
cli-said = krig: { $sentence }
cli-in-no-room = krig: { $why }; du er ikke i noe rom nå
cli-session-closed = krig: serveren lukket økten: { $why }
cli-timeout = krig: serveren på { $url } svarte ikke i tide
cli-unreachable = krig: får ikke kontakt med serveren på { $url }: { $why }

## Sjekken av utdelingen (krig verify og v i terminalen)

proof-checked-hash = utdelingen gir hashen til forpliktelsen som ble kunngjort ved start ({ $commitment }…)
proof-checked-deck = utdelingen er nøyaktig reglenes kortstokk
proof-checked-tops = de første kortene som ble vist, er de øverste i bunkene det ble forpliktet til
proof-checked-events = hendelsene i opptaket gir hashen til sammendraget av hendelsene som ble sendt
proof-checked-result = resultatet i opptaket ({ $result }, vinnere { $winners }, { $reason }) er game_over som ble sendt
proof-checked-inputs = trekkene er handlingene hendelsene kunngjør (ett per acted, samme plass, samme rekkefølge{ $hand ->
    [yes] , hvert kort det plassen viste)
   *[no] )
  }
proof-not-checked = at hvert stikk fulgte reglene fra denne utdelingen (hvem som vant det, krigene, kortene som ble samlet) og hvor serverens klokke eller at spillerne gikk, avsluttet spillet: det trenger regelmotoren; `krig-server verify FIL` spiller av hele spillet
proof-bad-hash = den avslørte utdelingen stemmer ikke med forpliktelsen
proof-bad-start = spillet startet ikke med denne forpliktelsen
proof-bad-revealed = hendelsen deal_revealed er ikke opptakets utdeling
proof-bad-deck = den avslørte utdelingen er ikke nøyaktig reglenes kortstokk
proof-bad-tops = de første kortene som ble vist, er ikke de øverste i bunkene det ble forpliktet til
proof-no-digest = opptaket har ikke noe sammendrag av hendelsene som ble sendt, så hendelsene, resultatet og trekkene kan ikke sjekkes
proof-bad-events = hendelsene i opptaket er ikke hendelsene som ble sendt under spillet
proof-bad-end = hendelsene som ble sendt, slutter ikke med én game_over
proof-bad-result = resultatet i opptaket ({ $result }, vinnere { $winners }, { $reason }) er ikke game_over som ble sendt ({ $sent_result }, vinnere { $sent_winners }, { $sent_reason })
proof-inputs-odd = trekkene er kuttet av (et oddetall byte)
proof-inputs-differ = trekkene er ikke handlingene hendelsene kunngjør: spillernes trekk { $inputs }, acted-hendelser { $acted }{ $seats ->
    [yes] , plassene er ulike
   *[no] {""}
  }
proof-input-card = trekk { $k } velger et kort i et spill uten hånd
proof-input-not-shown = trekk { $k } (plass { $seat }) er ikke kortet den plassen viste i steg { $step }
