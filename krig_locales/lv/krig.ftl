### krig vārdi latviski: termināļa klients (krig) un noteikumi, kas kopīgi ar galdu pārlūkā.
### Spēle un tās brīdis ir „karš”; viena kāršu atvēršana ir „gājiens”; kārtis uz galda ir
### „kaudze uz galda”; spēlētāja paša kārtis ir „kaudze”; aizvērta/atvērta kārts = ar
### bildi uz leju/augšu. Vārdi, tērzēšana un istabu kodi paliek, kā uzrakstīti.

## Servera atteikumi

error-bad_frame = Serveris nevarēja nolasīt to, ko krig nosūtīja.
error-too_large = Tas serverim bija par garu.
error-bad_message = Serveris nepieņēma šo pieprasījumu.
error-unknown_type = Šis serveris nepazīst šo darbību (vecāks serveris?).
error-unsupported_version = Šis serveris runā citā krig protokola versijā.
error-hello_first = Savienojums netika pareizi izveidots; mēģini vēlreiz.
error-bad_session = Tava iepriekšējā sesija ir beigusies; vajag jaunu.
error-rate_limited = Par daudz uzreiz: pagaidi mirkli un mēģini vēlreiz.
error-shutting_down = Šis serveris tiek izslēgts; mēģini vēlreiz pēc brīža.
error-unknown_room = Nevienai istabai nav šāda koda. Pārbaudi to pie saimnieka.
error-room_full = Visas vietas šajā istabā ir aizņemtas; tu vari spēli skatīties.
error-room_locked = Saimnieks ir aizslēdzis šo istabu.
error-not_in_room = Tu neesi nevienā istabā.
error-already_in_room = Tu jau esi istabā; vispirms izej no tās.
error-not_host = To var darīt tikai saimnieks.
error-bad_rules = Pēc šiem noteikumiem nevar spēlēt.
error-not_ready = Ne visi spēlētāji vēl ir gatavi.
error-spectating_off = Saimnieks šajā istabā neļauj skatītājus.
error-seat_taken = Šī vieta ir aizņemta.
error-removed = Saimnieks atņēma tev vietu, un istaba neļauj skatītājus.
error-chat_off = Saimnieks ir izslēdzis tērzēšanu.
error-not_started = Spēle vēl nav sākusies.
error-already_started = Spēle jau ir sākusies.
error-game_over = Spēle ir beigusies.
error-not_a_player = Skatītāji nevar spēlēt.
error-seat_out = Tu vairs nepiedalies šajā spēlē.
error-not_awaiting = Nav tavs gājiens.
error-already_acted = Šajā gājienā tava kārts jau ir nolikta.
error-wrong_action = Šo spēli tā nespēlē (atver kārti vai izvēlies kārti).
error-card_not_in_hand = Šīs kārts tev nav rokā.
error-stale_step = Spēle jau bija gājusi tālāk; paskaties vēlreiz.
error-waiting_for_store = Galds gaida savu krātuvi; mēģinu vēlreiz.
error-internal = Serverim neizdevās; nekas netika mainīts. Mēģini vēlreiz.
error-room_gone = Istabas vairs nav: serverim tās vairs nav.
error-unknown = Serveris atteica.
error-bad_rules-detail = Pēc šiem noteikumiem nevar spēlēt: { $detail }.
error-not-an-address = { $address } nav servera adrese; raksti to kā ws://HOST:PORT/ws (vai wss://, vai pārlūka lapas http(s):// adresi)

## Rezultāti un vārdi

seat-n = { $seat }. vieta
result-draw = Neizšķirts
result-draw-with = Neizšķirts, arī: { $names }
result-draw-between = Neizšķirts: { $names }; tu zaudē
result-you-win = Tu uzvari
result-you-lose = Tu zaudē
result-wins = Uzvar { $name }
result-game-over = Spēle beigusies

## Rindu režīms

lines-reconnected = (savienojums atjaunots; turpinām)
lines-server-says = serveris saka: { $sentence }
lines-in-no-room = { $why }; tagad tu neesi nevienā istabā
lines-room-gone = istabas { $code } vairs nav: tā beidzās vai serveris to pazaudēja
lines-your-hand = tava roka: { $cards }  (ieraksti 1-{ $count } un Enter)
lines-your-turn = tavs gājiens: nospied Enter, lai atvērtu kārti
lines-choose-number = izvēlies skaitli no 1 līdz { $count }
lines-type-number = ieraksti kārts numuru
lines-session-ended = sesija beidzās: { $why }
replay-header = istaba { $code }, { $game }. spēle ({ $preset }): { $names }; saistība { $commitment }…
replay-next = {"  "}(Enter: nākamais gājiens)
event-game-starts = sākas { $game }. spēle: { $players } spēlētāji, kārtis { $counts }
event-card = { $name } { $card }
event-card-down = { $name } { $card } (+{ $down } aizvērtas)
event-trick = gājiens { $trick }: { $shown }
event-war-round = karš { $trick }.{ $war }: { $shown }
event-war = KARŠ: { $names }; { $down ->
    [zero] { $down } aizvērtu kāršu
    [one] { $down } aizvērta kārts
   *[other] { $down } aizvērtas kārtis
}, tad viena atvērta
event-won = { $name } paņem { $total ->
    [zero] { $total } kāršu
    [one] { $total } kārti
   *[other] { $total } kārtis
}
event-won-takes-back = ; { $name } paņem atpakaļ { $cards }
event-won-steals = ; paņem pa kārtij arī no: { $names }
event-shuffled = { $name } samaisa { $count ->
    [zero] { $count } savākto kāršu
    [one] { $count } savākto kārti
   *[other] { $count } savāktās kārtis
} jaunā kaudzē
event-out = { $name } izkrīt ({ $reason })
event-game-over-draw = spēle beigusies: neizšķirts: { $names } ({ $reason })
event-game-over-win = spēle beigusies: uzvar { $name } ({ $reason }); kārtis { $counts }
event-deal-revealed = izdale atklāta: saistību { $commitment }… tagad var pārbaudīt
event-joined = { $name } apsēžas { $seat }. vietā
event-joined-bot = { $name } apsēžas { $seat }. vietā (dators)
event-left = { $name } aizgāja
event-disconnected = { $name } zaudēja savienojumu
event-back = { $name } ir atpakaļ
event-chat = { $name }: { $text }
event-chat-watching = { $name } (skatītājs): { $text }
out-no_cards = beigušās kārtis
out-short_war = par maz kāršu karam
end-all_cards = visas kārtis
end-short_war = par maz kāršu karam
end-exhausted_tie = visiem beidzās kārtis
end-time_limit = laiks beidzies
end-wars_won = uzvarēti kari
end-round_cap = gājienu robeža
end-cycle = spēle atkārtojas
end-abandoned = visi aizgāja

## Kāpēc spēle beidzās

reason-all_cards = Visas kārtis ({ $cards }): { $winner }
reason-all_cards-any = Visas kārtis: { $winner }
reason-short_war = Par maz kāršu, lai pabeigtu karu: { $loser }
reason-a-player = kāds spēlētājs
reason-exhausted_tie = Kara laikā visiem beidzās kārtis
reason-time_limit = Laiks beidzās, un uzvar tas, kam visvairāk kāršu
reason-wars_won = Uzvarēti kari ({ $wars }): { $winner }
reason-wars_won-any = Pietiekami daudz uzvarētu karu: { $winner }
reason-round_cap = Sasniegta gājienu robeža ({ $tricks }), un uzvar tas, kam visvairāk kāršu
reason-round_cap-any = Sasniegta gājienu robeža, un uzvar tas, kam visvairāk kāršu
reason-cycle = Spēle atkārtotos bezgalīgi
reason-abandoned = Visi spēlētāji aizgāja, un uzvar tas, kam visvairāk kāršu

## Noteikumi

rule-players = Spēlētāji
rule-players-n = { $n ->
    [zero] { $n } spēlētāju
    [one] { $n } spēlētājs
   *[other] { $n } spēlētāji
}
rule-players-source = NO/HR: 2; PL/SE: 2–4; LV: 2+
rule-jokers = Džokeri kavā
rule-jokers-0 = nav
rule-jokers-n = { $n }, augstāk par dūzi
rule-jokers-source = LV
rule-min_rank = Zemākā kārts kavā
rule-min_rank-2 = 2 (visa kava)
rule-min_rank-6 = 6 (36 kārtis)
rule-min_rank-9 = 9 (24 kārtis)
rule-min_rank-11 = kalps
rule-min_rank-12 = dāma
rule-min_rank-13 = karalis
rule-min_rank-14 = dūzis
rule-min_rank-source = LV
rule-war_down = Aizvērtas kārtis karā
rule-war_down-source = NO/HR/SE 3; PL 1; LV 0; SE „vairāk vai mazāk”
rule-war_repeat = Atkal vienādas kārtis karā
rule-war_repeat-same = vēl viens karš, atkal ar aizvērtām kārtīm
rule-war_repeat-face_up_only = izšķir ar atsevišķām atvērtām kārtīm
rule-war_repeat-source = NO/PL/SE/LV; HR
rule-short_war = Par maz kāršu karam
rule-short_war-lose = šis spēlētājs uzreiz zaudē
rule-short_war-last_card = spēlē ar to, kas ir, pēdējo kārti atvērtu
rule-short_war-source = NO, PL, SE
rule-war_players = Kas karo (3-4 spēlētāji)
rule-war_players-tied_highest = spēlētāji ar vienādu augstāko kārti
rule-war_players-all_in_battle = visi gājiena dalībnieki
rule-war_players-any_tied = visi, kuru kārtis ir vienādas, arī zemas
rule-war_players-source = SE, PL, LV
rule-war_winner = Kas var uzvarēt karu
rule-war_winner-participants = kara dalībnieki
rule-war_winner-highest_card = augstākā kārts uz galda, lai kura tā būtu
rule-war_winner-source = LV
rule-winnings = Uzvarētās kārtis iet
rule-winnings-under_pile = zem tavas kaudzes
rule-winnings-separate = atsevišķā kaudzē, ko samaisa, kad kaudze beidzas
rule-winnings-source = NO/HR/SE; LV, NO variants
rule-gather_order = Uzvarēto kāršu secība
rule-gather_order-winner_first = vispirms uzvarētāja kārtis, vienmēr
rule-gather_order-seat_order = vietu secībā, vienmēr
rule-gather_order-shuffled = samaisītas, kā roka tās savāc (no izdalīšanas sēklas)
rule-gather_order-source = krig pašu
rule-steal = Zagļu karš
rule-steal-false = izslēgts
rule-steal-true = kara uzvarētājs paņem vēl pa kārtij no katra zaudētāja
rule-steal-source = SE
rule-hand_size = Kārtis rokā, no kurām izvēlēties (Arnesons)
rule-hand_size-0 = nav: atver augšējo kārti
rule-hand_size-source = HR
rule-loser_takes_tied = Kara zaudētājs paņem atpakaļ vienādās kārtis
rule-loser_takes_tied-false = nē
rule-loser_takes_tied-true = jā
rule-loser_takes_tied-source = HR
rule-time_limit_s = Laika limits
rule-time_limit_s-0 = nav
rule-time_limit_s-minutes = { $minutes } min
rule-time_limit_s-seconds = { $seconds } s
rule-time_limit_s-source = NO, SE
rule-wars_to_win = Uzvarēti kari spēles uzvarai
rule-wars_to_win-0 = izslēgts
rule-wars_to_win-source = HR: 3
rule-max_tricks = Gājienu robeža
rule-max_tricks-0 = nav: spēlē līdz beigām (ne vairāk kā 10 000 gājienu)
rule-max_tricks-source = krig pašu
rule-detect_cycles = Spēle, kas atkārtojas bezgalīgi
rule-detect_cycles-true = beidzas neizšķirti (tikai bez jaukšanas)
rule-detect_cycles-false = turpinās līdz robežai
rule-detect_cycles-source = krig pašu (PL: spēle var atkārtoties)
rule-line = { $label }: { $value } ({ $source })
rule-not-one-of = { $name } ir viens no: { $choices }, nevis { $value }
rule-not-bool = { $name } ir true vai false, nevis { $value }
rule-not-number = { $name } ir vesels skaitlis, nevis { $value }
rule-not-in-range = { $name } ir no { $low } līdz { $high }, nevis { $value }

source-NO = norvēģu
source-PL = poļu
source-LV = latviešu
source-HR = horvātu
source-SE = zviedru

## Noteikumu komplekti

preset-line = { $title }: { $summary } ({ $source })
preset-classic-title = klasiskais
preset-classic = karā 3 aizvērtas; kam par maz kāršu, zaudē
preset-classic-source = NO/HR/SE kopīgais kodols
preset-quick-title = ātrais
preset-quick = 36 kāršu kava, no 6 līdz dūzim: īsākas spēles
preset-quick-source = LV (36 kārtis: īsāka spēle)
preset-norwegian-title = norvēģu
preset-norwegian = 3 aizvērtas, par maz kāršu zaudē, uzvarētās kārtis zem kaudzes
preset-norwegian-source = NO
preset-polish-title = poļu
preset-polish = 1 aizvērta; karo visi gājiena dalībnieki
preset-polish-source = PL
preset-latvian-title = latviešu
preset-latvian = 2 džokeri; kari ar atvērtām kārtīm; atsevišķa kaudze
preset-latvian-source = LV
preset-croatian-title = horvātu
preset-croatian = nākamās vienādības izšķir atvērtas kārtis
preset-croatian-source = HR
preset-swedish-title = zviedru
preset-swedish = par maz kāršu: spēlē ar to, kas ir
preset-swedish-source = SE
preset-arneson-title = Arnesona
preset-arneson = izvēlies no 3 kārtīm rokā
preset-arneson-source = HR (Erika Arnesona variants)
preset-steal-title = zagļu karš
preset-steal = kara uzvarētājs nozog kārti
preset-steal-source = SE (Stjäl-krig)
preset-timed-title = uz laiku
preset-timed = 15 minūtes, tad uzvar visvairāk kāršu
preset-timed-source = NO, SE (mājas noteikums ar laika limitu)

## krig --help

cli-description =
    krig: spēlē Karu terminālī ar draugiem, datora spēlētājiem vai abiem.

    Palaid krig vienu pašu terminālī, lai redzētu sākuma ekrānu (rīkot,
    pievienoties, ātrā spēle, atvērtās istabas, skatīties); katrs no tiem ir arī
    komanda. Terminālī galds aizņem visu ekrānu; citur (vai ar --lines) krig
    izdrukā vienu rindu katram notikumam. Atstarpe vai Enter atver kārti; spēlē ar
    roku (Arnesons) skaitlis izvēlas kārti; --auto spēlē pats. Serveri norāda --url
    vai KRIG_URL, citādi tas ir vietējais, ko palaiž "python3 dev.py krig-server
    serve".
cli-epilog =
    piemēri:
      krig                          sākuma ekrāns
      krig host --bots 1            spēlē pret datoru tūlīt: spēle sākas uzreiz
      krig host --preset arneson --seats 3 --set war_down=1
      krig join K7P-Q3X             ieņem vietu
      krig watch K7P-Q3X            skaties spēli
      krig quick                    vieta nākamajā publiskajā spēlē
      krig lobby                    atvērtās istabas (krig rooms tās izdrukā)
      krig verify K7P-Q3X           pārbaudi pabeigtas spēles godīgu izdali
cli-usage = lietojums:{" "}
cli-positionals = pozīciju argumenti
cli-options = opcijas
cli-help = parādīt šo palīdzību un iziet
cli-url = serveris, ws://HOST:PORT/ws (vai wss://; vides mainīgais KRIG_URL)
cli-url-short = serveris
cli-name = tavs vārds pie galda (noklusējums: $USER)
cli-name-short = tavs vārds pie galda
cli-ascii = C D H S un vienkāršas līnijas simbolu vietā
cli-lang = valoda: { $languages } (vides mainīgais KRIG_LANG, citādi LC_ALL, LC_MESSAGES vai LANG; noklusējums en)
cli-lines = rindu režīms arī terminālī
cli-auto = spēlē pats (viena spēle)
cli-strategy = ar --auto spēlē ar roku: kuru kārti likt: lowest, highest, random, smart, hard vai tava funkcija, ceļš/uz/bot.py:choose vai pakotne.modulis:choose (docs/BOTS.md)
cli-host = izveido istabu, parādi tās kodu un spēlē
cli-host-preset = noteikumi: { $presets } (krig-server presets tos parāda)
cli-host-set = maini vienu komplekta noteikumu (var atkārtot; docs/RULES.md tos uzskaita)
cli-host-seats = vietas pie galda: 2, 3 vai 4
cli-host-bots = datora spēlētāji, ko apsēdināt tūlīt (mazāk nekā vietu)
cli-host-public = rādīt istabu atvērto istabu sarakstā
cli-host-ready-checks = katrs spēlētājs pasaka, ka ir gatavs (citādi ieņemta vieta nozīmē gatavību)
cli-join = ieņem vietu istabā pēc tās koda un spēlē
cli-join-code = istabas kods, kā to saņēma saimnieks
cli-watch = skaties istabu pēc tās koda
cli-metavar-code = kods
cli-metavar-source = avots
cli-code = istabas kods
cli-rooms = izdrukā publiskās istabas
cli-lobby = atvērtās istabas pa visu ekrānu, lai pievienotos vai skatītos (citur: kā krig rooms)
cli-quick = vieta nākamajā publiskajā spēlē (vai jaunā)
cli-quick-players = galda lielums: 2, 3 vai 4
cli-quick-preset = noteikumi
cli-bot = viena vieta bez ekrāna istabā
cli-bot-strategy = instant / human (vispirms pauze) apgriež; spēlēs ar roku: lowest, highest, random, smart, hard vai tava funkcija, ceļš/uz/bot.py:choose vai pakotne.modulis:choose
cli-bot-games = cik spēļu spēlēt pēc kārtas (revanšs pēc katras)
cli-host-level = datora spēlētāju līmenis spēlēs ar roku (hard skaita kārtis)
cli-arena = boti spēlē cits pret citu uz dzīva servera (katra izdalīšana ar pagrieztām vietām), un tabula tos sarindo
cli-arena-bots = stratēģijas: lowest, highest, random, smart, hard, ceļš/uz/bot.py:choose, pakotne.modulis:choose (divreiz nosaukta spēlē pati pret sevi)
cli-arena-games = spēļu skaits (noapaļots uz augšu līdz veselām izdalīšanām: viena spēle katram vietu pagriezienam)
cli-arena-players = vietas spēlē: 2, 3 vai 4
cli-arena-preset = noteikumi
cli-arena-set = maini vienu komplekta noteikumu (var atkārtot), piem. max_tricks=500
cli-arena-seed = pirmās izdalīšanas sēkla
cli-arena-decide = ilgākais, cik bots drīkst domāt (mazāk, ja istabai ir gājiena taimeris)
cli-arena-quiet = bez progresa joslas
cli-arena-json = ieraksti tabulu un katru spēli kā JSON
cli-arena-csv = ieraksti tabulu kā CSV
cli-verify = pārbaudi pabeigtas spēles ierakstu tikai ar protokolu: izdali, notikumus, rezultātu un gājienus pret to, ko serveris apņēmās (fails vai istabas kods); krig-server verify arī atkārto katru gājienu
cli-verify-source = ieraksta fails vai istabas kods
cli-game = ar istabas kodu: spēles numurs
cli-load = R istabas ar P robotiem katrā; izdrukā atskaiti
cli-load-rooms = vienlaikus spēlētās istabas
cli-load-players = roboti istabā, 2-4
cli-load-duration = sekundes
cli-load-preset = noteikumu komplekts
cli-load-json = izdrukāt atskaiti kā JSON
cli-load-rate = atvēršanas sekundē kopā (noklusējums: cik ātri var)
cli-load-warmup = neskaitīt pirmās S sekundes (visas spēles sākas vienlaikus) aizturē
cli-load-loop = slodzes ģeneratora notikumu cilpa (auto: uvloop, ja tas ir instalēts, citādi asyncio)
cli-load-processes = K slodzes procesi, kas dala istabas un tempu, viena kopēja atskaite (lielam mēģinājumam vajag robotus vairāk nekā vienam kodolam)
cli-replay = izej cauri pabeigtai spēlei (ieraksta fails vai istabas kods)
cli-replay-source = ieraksta fails (krig-server record) vai istabas kods
cli-replay-step = gaidīt Enter pēc katra gājiena
cli-replay-delay = sekundes starp gājieniem

## krig teikumi: nepareizi argumenti un tas, ko komandas izdrukā

cli-bad-arguments = { $prog }: { $text }.
    (skat.: { $prog } --help)
cli-missing = norādi arī { $missing }, piemēram: { $prog } { $upper }
cli-invalid-choice = { $value } nav neviens no: { $choices }
cli-not-a-number = { $option } pieņem skaitli, nevis { $value }
cli-expected-value = opcijai { $option } vajag vērtību
cli-unknown-arguments = krig nezina { $arguments }
cli-what-seats = vietu skaits
cli-what-bots = datora spēlētāju skaits
cli-what-players = spēlētāju skaits
cli-what-games = spēļu skaits
cli-what-game = spēles numurs
cli-what-rooms = istabu skaits
cli-what-processes = slodzes procesu skaits
cli-is-a-number = { $what } ir skaitlis, nevis { $value }
cli-is-from-to = { $what } ir no { $low } līdz { $high }, nevis { $value }
cli-is-one-of = { $what } ir { $values } vai { $high }, nevis { $value }
cli-no-preset = nav noteikumu komplekta { $value }; komplekti ir { $presets }
cli-option-form = raksti noteikumu kā nosaukums=vērtība, nevis { $value }
cli-not-an-option = { $name } nav noteikums; noteikumi ir { $known }
cli-not-an-option-players = { $name } nav noteikums (spēlētājus nosaka vietas: --seats); noteikumi ir { $known }
cli-name-length = vārdā ir no 1 līdz { $max } rakstzīmēm, nevis { $length }
cli-unknown-language = krig runā šajās valodās: { $languages }, nevis { $value }
cli-needs-terminal = krig: sākuma ekrānam vajag termināli; pasaki, ko darīt (krig host, krig join KODS, krig quick, krig rooms, krig watch KODS; skat. krig --help)
cli-no-public-rooms = nav publisku istabu
cli-state-lobby = gaida
cli-state-playing = spēlē
cli-state-over = beigusies
cli-room-row = { $code }  { $preset } vietas { $taken }/{ $seats }  { $state }  skatītāji: { $watching }
cli-too-many-bots = krig host: --bots: ar { $seats } vietām var būt ne vairāk kā { $most } datora spēlētāji, nevis { $bots }.
cli-room-code = istabas kods: { $code }   (draugi: krig join { $code })
cli-joined-room = ienāci istabā { $code }
cli-said = krig: { $sentence }
cli-in-no-room = krig: { $why }; tagad tu neesi nevienā istabā
cli-session-closed = krig: serveris aizvēra sesiju: { $why }
cli-timeout = krig: serveris { $url } neatbildēja laikā
cli-unreachable = krig: nevar sasniegt serveri { $url }: { $why }

## Izdalīšanas pārbaude (krig verify un v terminālī)

proof-checked-hash = izdalīšanas jaucējvērtība sakrīt ar sākumā paziņoto saistību ({ $commitment }…)
proof-checked-deck = izdalītais ir tieši noteikumu kava
proof-checked-tops = pirmās parādītās kārtis ir saistībā iekļauto kaudžu augšējās kārtis
proof-checked-events = ieraksta notikumu jaucējvērtība sakrīt ar nosūtīto notikumu kopsavilkumu
proof-checked-result = ierakstītais rezultāts ({ $result }, uzvarētāji { $winners }, { $reason }) ir nosūtītais game_over
proof-checked-inputs = gājieni ir notikumu paziņotās darbības (viens uz katru acted, tā pati vieta, tā pati secība{ $hand ->
    [yes] , katra kārts ir tā, ko vieta parādīja)
   *[no] )
  }
proof-not-checked = vai katrs gājiens noritēja pēc noteikumiem no šīs izdalīšanas (kas to uzvarēja, kari, savāktās kārtis) un kur spēli beidza servera pulkstenis vai spēlētāju aiziešana: tam vajag noteikumu dzini; `krig-server verify FAILS` atkārto visu spēli
proof-bad-hash = atklātā izdalīšana nesakrīt ar saistību
proof-bad-start = spēle nesākās ar šo saistību
proof-bad-revealed = notikums deal_revealed nav ieraksta izdalīšana
proof-bad-deck = atklātā izdalīšana nav tieši noteikumu kava
proof-bad-tops = pirmās parādītās kārtis nav saistībā iekļauto kaudžu augšējās kārtis
proof-no-digest = ierakstā nav nosūtīto notikumu kopsavilkuma, tāpēc tā notikumus, rezultātu un gājienus nevar pārbaudīt
proof-bad-events = ieraksta notikumi nav spēles laikā nosūtītie notikumi
proof-bad-end = nosūtītie notikumi nebeidzas ar vienu game_over
proof-bad-result = ierakstītais rezultāts ({ $result }, uzvarētāji { $winners }, { $reason }) nav nosūtītais game_over ({ $sent_result }, uzvarētāji { $sent_winners }, { $sent_reason })
proof-inputs-odd = gājieni ir nogriezti (nepāra baitu skaits)
proof-inputs-differ = gājieni nav notikumu paziņotās darbības: spēlētāju gājieni: { $inputs }, acted notikumi: { $acted }{ $seats ->
    [yes] , vietas atšķiras
   *[no] {""}
  }
proof-input-card = gājiens { $k } izvēlas kārti spēlē bez rokas
proof-input-not-shown = gājiens { $k } (vieta { $seat }) nav kārts, ko šī vieta parādīja solī { $step }
