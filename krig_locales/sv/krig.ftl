### krigs ord på svenska: terminalklienten (krig) och reglerna som delas med bordet i
### webbläsaren. Spelet och ögonblicket heter ”krig”; en vändning är en ”drabbning”; korten på
### bordet ligger i ”potten”; spelarens egna kort är ”högen”. Namn, chatt och rumskoder står
### som de är skrivna.

## Serverns avslag

error-bad_frame = Servern kunde inte läsa det som krig skickade.
error-too_large = Det var för långt för servern.
error-bad_message = Servern godtog inte den begäran.
error-unknown_type = Den här servern känner inte till den åtgärden (en äldre server?).
error-unsupported_version = Den här servern talar en annan version av krig-protokollet.
error-hello_first = Anslutningen sattes inte upp rätt; försök igen.
error-bad_session = Din gamla session har gått ut; en ny behövs.
error-rate_limited = För mycket på en gång: vänta en stund och försök igen.
error-shutting_down = Den servern håller på att stängas av; försök igen om en stund.
error-unknown_room = Inget rum har den koden. Kontrollera den med värden.
error-room_full = Alla platser i det rummet är tagna; du kan titta på i stället.
error-room_locked = Värden har låst det rummet.
error-not_in_room = Du är inte i något rum.
error-already_in_room = Du är redan i ett rum; lämna det först.
error-not_host = Bara värden kan göra det.
error-bad_rules = De reglerna går inte att spela.
error-not_ready = Alla spelare är inte redo än.
error-spectating_off = Värden tillåter inga åskådare i det rummet.
error-seat_taken = Den platsen är tagen.
error-removed = Värden tog din plats, och rummet tillåter inga åskådare.
error-chat_off = Värden har stängt av chatten.
error-not_started = Spelet har inte börjat än.
error-already_started = Spelet har redan börjat.
error-game_over = Spelet är slut.
error-not_a_player = Åskådare kan inte spela.
error-seat_out = Du har åkt ur det här spelet.
error-not_awaiting = Det är inte din tur.
error-already_acted = Du har redan spelat den här omgången.
error-wrong_action = Så spelas inte det här spelet (vänd ett kort, eller välj ett kort).
error-card_not_in_hand = Det kortet har du inte på handen.
error-stale_step = Bordet hade gått vidare; titta igen.
error-waiting_for_store = Bordet väntar på sitt lager; försöker igen.
error-internal = Servern misslyckades; inget ändrades. Försök igen.
error-room_gone = Rummet finns inte längre: servern har det inte.
error-unknown = Servern avböjde det.
error-bad_rules-detail = De reglerna går inte att spela: { $detail }.
error-not-an-address = { $address } är ingen serveradress; skriv den som ws://HOST:PORT/ws (eller wss://, eller webbsidans http(s)://-adress)

## Resultat och namn

seat-n = plats { $seat }
result-draw = Oavgjort
result-draw-with = Oavgjort med { $names }
result-draw-between = Oavgjort mellan { $names }: du förlorar
result-you-win = Du vinner
result-you-lose = Du förlorar
result-wins = { $name } vinner
result-game-over = Spelet är slut

## Radläge

lines-reconnected = (återansluten; fortsätter)
lines-server-says = servern säger: { $sentence }
lines-in-no-room = { $why }; du är inte i något rum nu
lines-room-gone = rum { $code } finns inte längre: det gick ut, eller servern tappade det
lines-your-hand = din hand: { $cards }  (skriv 1-{ $count } och Enter)
lines-your-turn = din tur: tryck Enter för att vända kortet
lines-choose-number = välj ett tal från 1 till { $count }
lines-type-number = skriv numret på ett kort
lines-session-ended = sessionen tog slut: { $why }
replay-header = rum { $code } spel { $game } ({ $preset }): { $names }; åtagande { $commitment }…
replay-next = {"  "}(Enter för nästa drabbning)
event-game-starts = spel { $game } börjar: { $players } spelare, kort { $counts }
event-card = { $name } { $card }
event-card-down = { $name } { $card } (+{ $down } { $down ->
    [one] dold
   *[other] dolda
})
event-trick = drabbning { $trick }: { $shown }
event-war-round = krig { $trick }.{ $war }: { $shown }
event-war = KRIG mellan { $names }: { $down } med baksidan uppåt, sedan ett med framsidan uppåt
event-won = { $name } vinner { $total } kort
event-won-takes-back = ; { $name } tar tillbaka { $cards }
event-won-steals = ; stjäl från { $names }
event-shuffled = { $name } blandar { $count } vunna kort till en ny hög
event-out = { $name } åker ur ({ $reason })
event-game-over-draw = spelet är slut: oavgjort mellan { $names } ({ $reason })
event-game-over-win = spelet är slut: { $name } vinner ({ $reason }); kort { $counts }
event-deal-revealed = given avslöjad: åtagandet { $commitment }… kan nu kontrolleras
event-joined = { $name } sätter sig på plats { $seat }
event-joined-bot = { $name } sätter sig på plats { $seat } (dator)
event-left = { $name } gick
event-disconnected = { $name } tappade anslutningen
event-back = { $name } är tillbaka
event-chat = { $name }: { $text }
event-chat-watching = { $name } (åskådare): { $text }
out-no_cards = slut på kort
out-short_war = för få kort för kriget
end-all_cards = alla korten
end-short_war = för få kort för kriget
end-exhausted_tie = alla fick slut på kort
end-time_limit = tiden är ute
end-wars_won = vunna krig
end-round_cap = drabbningsgränsen
end-cycle = spelet upprepar sig
end-abandoned = alla gick

## Varför spelet tog slut

reason-all_cards = { $winner } vann alla { $cards } korten
reason-all_cards-any = { $winner } vann alla korten
reason-short_war = { $loser } hade för få kort för att fullfölja ett krig
reason-a-player = en spelare
reason-exhausted_tie = Alla fick slut på kort mitt i ett krig
reason-time_limit = Tiden tog slut, och flest kort vinner
reason-wars_won = { $winner } vann { $wars } krig
reason-wars_won-any = { $winner } vann tillräckligt många krig
reason-round_cap = Drabbningsgränsen ({ $tricks }) nåddes, och flest kort vinner
reason-round_cap-any = Drabbningsgränsen nåddes, och flest kort vinner
reason-cycle = Spelet upprepade sig i all oändlighet
reason-abandoned = Alla spelare gick, och flest kort vinner

## Reglerna

rule-players = Spelare
rule-players-n = { $n } spelare
rule-players-source = NO/HR: 2; PL/SE: 2–4; LV: 2+
rule-jokers = Jokrar i leken
rule-jokers-0 = inga
rule-jokers-n = { $n }, över esset
rule-jokers-source = LV
rule-min_rank = Lägsta kort som behålls
rule-min_rank-2 = 2 (hela leken)
rule-min_rank-6 = 6 (36 kort)
rule-min_rank-9 = 9 (24 kort)
rule-min_rank-11 = knekt
rule-min_rank-12 = dam
rule-min_rank-13 = kung
rule-min_rank-14 = ess
rule-min_rank-source = LV
rule-war_down = Kort med baksidan uppåt i ett krig
rule-war_down-source = NO/HR/SE 3; PL 1; LV 0; SE ”fler eller färre”
rule-war_repeat = Lika igen i ett krig
rule-war_repeat-same = ett nytt krig, åter med dolda kort
rule-war_repeat-face_up_only = avgörs med enstaka kort med framsidan uppåt
rule-war_repeat-source = NO/PL/SE/LV; HR
rule-short_war = För få kort för ett krig
rule-short_war-lose = den spelaren förlorar direkt
rule-short_war-last_card = spelaren lägger det som finns, det sista kortet med framsidan uppåt
rule-short_war-source = NO, PL, SE
rule-war_players = Vem som går i krig (3-4 spelare)
rule-war_players-tied_highest = spelarna som har lika på det högsta kortet
rule-war_players-all_in_battle = alla i drabbningen
rule-war_players-any_tied = alla spelare med lika kort, även låga
rule-war_players-source = SE, PL, LV
rule-war_winner = Vem som kan vinna ett krig
rule-war_winner-participants = krigets spelare
rule-war_winner-highest_card = det högsta kortet på bordet, vems det än är
rule-war_winner-source = LV
rule-winnings = Vunna kort hamnar
rule-winnings-under_pile = under din hög
rule-winnings-separate = i en vinsthög, som blandas in när högen tar slut
rule-winnings-source = NO/HR/SE; LV, NO variant
rule-gather_order = Ordningen på de vunna korten
rule-gather_order-winner_first = vinnarens kort först, alltid
rule-gather_order-seat_order = i platsordning, alltid
rule-gather_order-shuffled = blandade, som en hand sopar ihop dem (från givens frö)
rule-gather_order-source = krigs eget
rule-steal = Stjäl-krig (Steal War)
rule-steal-false = av
rule-steal-true = krigets vinnare tar också ett kort från varje förlorare
rule-steal-source = SE
rule-hand_size = Kort på handen att välja bland (Arneson)
rule-hand_size-0 = inga: vänd det översta kortet
rule-hand_size-source = HR
rule-loser_takes_tied = Krigets förlorare tar tillbaka de lika korten
rule-loser_takes_tied-false = nej
rule-loser_takes_tied-true = ja
rule-loser_takes_tied-source = HR
rule-time_limit_s = Tidsgräns
rule-time_limit_s-0 = ingen
rule-time_limit_s-minutes = { $minutes } min
rule-time_limit_s-seconds = { $seconds } s
rule-time_limit_s-source = NO, SE
rule-wars_to_win = Vunna krig för att vinna spelet
rule-wars_to_win-0 = av
rule-wars_to_win-source = HR: 3
rule-max_tricks = Drabbningsgräns
rule-max_tricks-0 = ingen: spela till slutet (högst 10 000 drabbningar)
rule-max_tricks-source = krigs eget
rule-detect_cycles = Ett spel som upprepar sig i all oändlighet
rule-detect_cycles-true = slutar oavgjort (bara utan blandning)
rule-detect_cycles-false = fortsätter till gränsen
rule-detect_cycles-source = krigs eget (PL: spel kan upprepa sig)
rule-line = { $label }: { $value } ({ $source })
rule-not-one-of = { $name } är ett av { $choices }, inte { $value }
rule-not-bool = { $name } är true eller false, inte { $value }
rule-not-number = { $name } är ett heltal, inte { $value }
rule-not-in-range = { $name } är från { $low } till { $high }, inte { $value }

source-NO = norsk
source-PL = polsk
source-LV = lettisk
source-HR = kroatisk
source-SE = svensk

## Regeluppsättningar

preset-line = { $title }: { $summary } ({ $source })
preset-classic-title = klassisk
preset-classic = 3 dolda i ett krig; för få kort förlorar
preset-classic-source = gemensam kärna NO/HR/SE
preset-quick-title = snabb
preset-quick = leken med 36 kort, 6 till ess: kortare spel
preset-quick-source = LV (36 kort: ett kortare spel)
preset-norwegian-title = norsk
preset-norwegian = 3 dolda, för få kort förlorar, vunna kort under högen
preset-norwegian-source = NO
preset-polish-title = polsk
preset-polish = 1 dold; alla i drabbningen går i krig
preset-polish-source = PL
preset-latvian-title = lettisk
preset-latvian = 2 jokrar; krig med framsidan uppåt; en vinsthög
preset-latvian-source = LV
preset-croatian-title = kroatisk
preset-croatian = senare lika avgörs med uppvända kort
preset-croatian-source = HR
preset-swedish-title = svensk
preset-swedish = för få kort: spela det du har
preset-swedish-source = SE
preset-arneson-title = Arneson
preset-arneson = välj ur en hand med 3 kort
preset-arneson-source = HR (Erik Arnesons variant)
preset-steal-title = stjäl-krig
preset-steal = krigets vinnare stjäl ett kort
preset-steal-source = SE (Stjäl-krig)
preset-timed-title = på tid
preset-timed = 15 minuter, sedan vinner flest kort
preset-timed-source = NO, SE (husregel med tidsgräns)

## krig --help

cli-description =
    krig: spela Krig i terminalen med vänner, datorspelare eller båda.

    Kör krig ensamt i en terminal för startskärmen (värd, gå med, snabbt spel,
    öppna rum, titta på); var och en av dem är också ett kommando. I en terminal
    ritas bordet över hela skärmen; annars (eller med --lines) skriver krig en rad
    per händelse. Mellanslag eller Enter vänder kortet; i ett handspel (Arneson)
    väljer en siffra kortet; --auto spelar av sig självt. Servern kommer från
    --url eller KRIG_URL, annars den lokala som "python3 dev.py krig-server serve"
    startar.
cli-epilog =
    exempel:
      krig                          startskärmen
      krig host --bots 1            spela mot datorn nu: spelet börjar direkt
      krig host --preset arneson --seats 3 --set war_down=1
      krig join K7P-Q3X             ta en plats
      krig watch K7P-Q3X            titta på ett spel
      krig quick                    en plats i nästa offentliga spel
      krig lobby                    de öppna rummen (krig rooms skriver ut dem)
      krig verify K7P-Q3X           kontrollera att ett avslutat spel gavs rättvist
cli-usage = användning:{" "}
cli-positionals = positionsargument
cli-options = flaggor
cli-help = visa den här hjälpen och avsluta
cli-url = servern, ws://HOST:PORT/ws (eller wss://; miljövariabel KRIG_URL)
cli-url-short = servern
cli-name = ditt namn vid bordet (standard: $USER)
cli-name-short = ditt namn vid bordet
cli-ascii = C D H S och enkla linjer i stället för symboler
cli-lang = språket: { $languages } (miljövariabel KRIG_LANG, annars LC_ALL, LC_MESSAGES eller LANG; standard en)
cli-lines = radläge även i en terminal
cli-auto = spela av dig själv (ett spel)
cli-strategy = med --auto i ett spel med hand: vilket kort som spelas: lowest, highest, random, smart, hard, eller din egen funktion, väg/till/bot.py:choose eller paket.modul:choose (docs/BOTS.md)
cli-host = skapa ett rum, visa dess kod och spela
cli-host-preset = reglerna: { $presets } (krig-server presets visar dem)
cli-host-set = ändra en regel i uppsättningen (kan upprepas; docs/RULES.md listar dem)
cli-host-seats = platser vid bordet: 2, 3 eller 4
cli-host-bots = datorspelare som sätter sig nu (färre än platserna)
cli-host-public = visa rummet bland de öppna rummen
cli-host-ready-checks = varje spelare säger att den är redo (annars betyder en tagen plats redo)
cli-join = ta en plats i ett rum med dess kod, och spela
cli-join-code = rummets kod, som värden fick den
cli-watch = titta på ett rum med dess kod
cli-metavar-code = kod
cli-metavar-source = källa
cli-code = rummets kod
cli-rooms = skriv ut de offentliga rummen
cli-lobby = de öppna rummen över hela skärmen, för att gå med eller titta på (annars: som krig rooms)
cli-quick = en plats i nästa offentliga spel (eller ett nytt)
cli-quick-players = bordets storlek: 2, 3 eller 4
cli-quick-preset = reglerna
cli-bot = en plats utan skärm i ett rum
cli-bot-strategy = instant / human (en paus först) vänder; i spel med hand: lowest, highest, random, smart, hard, eller din egen funktion, väg/till/bot.py:choose eller paket.modul:choose
cli-bot-games = antal spel i rad (returmatch efter varje)
cli-host-level = datorspelarnas nivå i spel med hand (hard räknar kort)
cli-arena = bottar spelar mot varandra på en levande server (varje giv med platserna roterade) och en topplista rangordnar dem
cli-arena-bots = strategier: lowest, highest, random, smart, hard, väg/till/bot.py:choose, paket.modul:choose (en som nämns två gånger spelar mot sig själv)
cli-arena-games = antal spel (avrundat uppåt till hela givar: ett spel per rotation av platserna)
cli-arena-players = platser per spel: 2, 3 eller 4
cli-arena-preset = reglerna
cli-arena-set = ändra en regel i förvalet (kan upprepas), t.ex. max_tricks=500
cli-arena-seed = första givens frö
cli-arena-decide = det längsta en bott får tänka (mindre när rummet har en turtimer)
cli-arena-quiet = ingen förloppsindikator
cli-arena-json = skriv topplistan och varje spel som JSON
cli-arena-csv = skriv topplistan som CSV
cli-verify = kontrollera ett avslutat spels protokoll med bara protokollet: given, händelserna, resultatet och dragen mot det servern åtog sig (fil eller rumskod); krig-server verify spelar också upp varje drabbning
cli-verify-source = protokollfil eller rumskod
cli-game = med rumskod: spelets nummer
cli-load = R rum med P robotar vardera; skriver en rapport
cli-load-rooms = rum som spelas samtidigt
cli-load-players = robotar per rum, 2-4
cli-load-duration = sekunder
cli-load-preset = regeluppsättning
cli-load-json = skriv rapporten som JSON
cli-load-rate = vändningar per sekund totalt (standard: så fort det går)
cli-load-warmup = håll de första S sekunderna (alla spel börjar samtidigt) utanför latensen
cli-load-loop = lastgeneratorns händelseloop (auto: uvloop där den är installerad, annars asyncio)
cli-load-processes = K lastprocesser som delar rummen och takten, en samlad rapport (en stor körning behöver robotar för mer än en kärna)
cli-replay = stega igenom ett avslutat spel (en protokollfil eller en rumskod)
cli-replay-source = protokollfil (krig-server record) eller rumskod
cli-replay-step = vänta på Enter efter varje drabbning
cli-replay-delay = sekunder mellan drabbningarna

## krigs egna meningar: felaktiga argument och det kommandona skriver ut

cli-bad-arguments = { $prog }: { $text }.
    (se: { $prog } --help)
cli-missing = ange också { $missing }, som i: { $prog } { $upper }
cli-invalid-choice = { $value } är inte ett av: { $choices }
cli-not-a-number = { $option } tar ett tal, inte { $value }
cli-expected-value = { $option } behöver ett värde
cli-unknown-arguments = krig känner inte till { $arguments }
cli-what-seats = antalet platser
cli-what-bots = antalet datorspelare
cli-what-players = antalet spelare
cli-what-games = antalet spel
cli-what-game = spelets nummer
cli-what-rooms = antalet rum
cli-what-processes = antalet lastprocesser
cli-is-a-number = { $what } är ett tal, inte { $value }
cli-is-from-to = { $what } är från { $low } till { $high }, inte { $value }
cli-is-one-of = { $what } är { $values } eller { $high }, inte { $value }
cli-no-preset = det finns ingen regeluppsättning { $value }; uppsättningarna är { $presets }
cli-option-form = skriv en regel som namn=värde, inte { $value }
cli-not-an-option = { $name } är ingen regel; reglerna är { $known }
cli-not-an-option-players = { $name } är ingen regel (platserna avgör spelarna: --seats); reglerna är { $known }
cli-name-length = ett namn har 1 till { $max } tecken, inte { $length }
cli-unknown-language = krig talar { $languages }, inte { $value }
cli-needs-terminal = krig: startskärmen behöver en terminal; säg vad som ska göras i stället (krig host, krig join KOD, krig quick, krig rooms, krig watch KOD; se krig --help)
cli-no-public-rooms = inga offentliga rum
cli-state-lobby = väntar
cli-state-playing = spelar
cli-state-over = slut
cli-room-row = { $code }  { $preset } { $taken }/{ $seats } platser  { $state }  { $watching } tittar
cli-too-many-bots = krig host: --bots: med { $seats } platser finns det plats för högst { $most } datorspelare, inte { $bots }.
cli-room-code = rumskod: { $code }   (vänner: krig join { $code })
cli-joined-room = gick med i rum { $code }
cli-said = krig: { $sentence }
cli-in-no-room = krig: { $why }; du är inte i något rum nu
cli-session-closed = krig: servern stängde sessionen: { $why }
cli-timeout = krig: servern på { $url } svarade inte i tid
cli-unreachable = krig: når inte servern på { $url }: { $why }

## Kontrollen av given (krig verify och v i terminalen)

proof-checked-hash = given ger hashen för åtagandet som kungjordes vid start ({ $commitment }…)
proof-checked-deck = given är exakt reglernas kortlek
proof-checked-tops = de första korten som visades är de översta i högarna som åtagandet gällde
proof-checked-events = protokollets händelser ger hashen för sammandraget av händelserna som skickades
proof-checked-result = det protokollförda resultatet ({ $result }, vinnare { $winners }, { $reason }) är den game_over som skickades
proof-checked-inputs = dragen är de handlingar som händelserna kungör (ett per acted, samma plats, samma ordning{ $hand ->
    [yes] , varje kort det som platsen visade)
   *[no] )
  }
proof-not-checked = att varje drabbning följde reglerna från den här given (vem som vann den, krigen, korten som samlades) och var serverns klocka eller spelarnas avhopp avslutade spelet: det kräver regelmotorn; `krig-server verify FIL` spelar upp hela spelet
proof-bad-hash = den avslöjade given stämmer inte med åtagandet
proof-bad-start = spelet startade inte med det här åtagandet
proof-bad-revealed = händelsen deal_revealed är inte protokollets giv
proof-bad-deck = den avslöjade given är inte exakt reglernas kortlek
proof-bad-tops = de första korten som visades är inte de översta i högarna som åtagandet gällde
proof-no-digest = protokollet har inget sammandrag av händelserna som skickades, så dess händelser, resultat och drag kan inte kontrolleras
proof-bad-events = protokollets händelser är inte de händelser som skickades under spelet
proof-bad-end = händelserna som skickades slutar inte med en game_over
proof-bad-result = det protokollförda resultatet ({ $result }, vinnare { $winners }, { $reason }) är inte den game_over som skickades ({ $sent_result }, vinnare { $sent_winners }, { $sent_reason })
proof-inputs-odd = dragen är avkortade (ett udda antal byte)
proof-inputs-differ = dragen är inte de handlingar som händelserna kungör: spelarnas drag { $inputs }, acted-händelser { $acted }{ $seats ->
    [yes] , platserna skiljer sig
   *[no] {""}
  }
proof-input-card = drag { $k } väljer ett kort i ett spel utan hand
proof-input-not-shown = drag { $k } (plats { $seat }) är inte kortet som den platsen visade i steg { $step }
