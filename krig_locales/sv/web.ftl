# Webbsidans egna meningar (server/web/), svenska. Orden: krig, drabbning, högen,
# vinsthög, med baksidan uppåt / med framsidan uppåt (docs/TRANSLATING.md).

web-title = krig: Krig med vänner
web-language = Språk
web-home = krig startsida
web-playing-as = Spelar som { $name }
web-connected = Ansluten
web-reconnecting = Ansluter igen…
web-connecting = Ansluter…
web-rename = Ditt namn: { $name }. Ändra det
web-rename-unset = Ditt namn: inte angivet. Ändra det
web-your-name = Ditt namn
web-sound-on = ♪ Ljud på
web-sound-off = ♪ Ljud av

## The room

web-room = Rum
web-stop-watching = Sluta titta
web-leave = Lämna rummet
web-seats-n = { $n } platser
web-watching = tittar
web-spectators-title = åskådare
web-spectators = { $n } tittar
web-locked = låst
web-listed = listat
web-score-label = Vunna spel i det här rummet
web-games-won = Vunna spel
web-invite = Bjud in vänner
web-invite-link = Inbjudningslänk
web-copied = Kopierad ✓
web-copy = Kopiera länken
web-share = Dela…
web-tag-you = du
web-tag-host = värd
web-tag-computer = dator
web-tag-away = borta
web-empty-seat = Ledig plats
web-seat-n = plats { $n }
web-rules = Regler
web-turn-timer = Tidsgräns per tur
web-seconds = { $n } s
web-off = av

## The table

web-card-name = { $suit ->
    [0] klöver
    [1] ruter
    [2] hjärter
   *[3] spader
  } { $rank ->
    [11] knekt
    [12] dam
    [13] kung
    [14] ess
   *[other] { $rank }
  }
web-card-red-joker = röd joker
web-card-black-joker = svart joker
web-card-down = dolt kort
web-the-table = Bordet
web-seats = Platser
web-war-banner = KRIG!
web-trick-no = Drabbning { $n }:
web-state-out = ute
web-state-your-turn = din tur
web-state-to-flip = ska vända
web-state-flipped = har vänt
web-state-watching-war = tittar på kriget
web-seat-label = { $name }{ $you ->
    [yes] {" "}(du)
   *[no] {""}
  }: { $held } kort
web-seat-label-winnings = ({ $pile } i högen, { $winnings } vunna)
web-pile = högen
web-cards = kort
web-won = vunna
web-on-table = korten som { $name } har på bordet
web-game-over-line = Spelet är slut.
web-game-over = Spelet är slut
web-dealt = Korten är utdelade.
web-all-down = Alla kort ligger…
web-all-down-reveal = Alla kort ligger: nu vänds de.
web-waiting-for = Väntar på { $names }.
web-waiting-to-flip = Väntar på att { $names } vänder.
web-waiting-to-choose = Väntar på att { $names } väljer ett kort.
web-you-are-out = Du har slut på kort: du ser { $names } spela vidare.
web-sit-out = Du står över den här.
web-your-turn = Din tur: { $how }.
web-how-choose = välj ett kort ({ $keys })
web-tap-it = tryck på det
web-keys = tangenterna 1–{ $n }
web-tap-flip = tryck Vänd
web-press-space = tryck mellanslag
web-press-space-or-flip = tryck mellanslag eller Vänd
web-flip-your-card = vänd ditt kort (mellanslag)
web-clock-flip = { $n } s kvar att vända
web-clock-choose = { $n } s kvar att välja
web-game-ends-in = Spelet slutar om
web-watching-hint = Du tittar. Bara spelarna kan vända.
web-lay-down = Lägg { $n } dolda, 1 uppvänt
web-flip-war = Vänd för kriget
web-flip = Vänd
web-flipped = Vänt
web-hand-label = Din hand: välj ett kort (tangenterna 1 till { $n })
web-play-card = Spela { $card } (tangent { $key })
web-last-tricks = Senaste drabbningarna
web-log-empty = Inget ännu: den första drabbningen ligger på bordet.
web-war-tag = KRIG
web-log-you-take = Du tar { $total }
web-log-takes = { $name } tar { $total }
web-you = Du
web-you-lower = du
web-you-first = Du
web-list = { $head } och { $last }
web-say-started = Spelet har börjat.
web-say-tap-to-flip = Tryck Vänd för att vända.
web-say-press-to-flip = Tryck mellanslag för att vända.
web-say-war-cards = Krigskort
web-say-revealed = Vända
web-rank-plural = { $rank ->
    [11] knektar
    [12] damer
    [13] kungar
    [14] ess
    [15] jokrar
   *[other] { $rank }:or
  }
web-tied = { $names } har lika kort
web-tied-with = { $names } har lika kort, { $rank }
web-war-lay = { $n } med baksidan uppåt, sedan ett med framsidan uppåt.
web-war-one-up = ett uppvänt kort var.
web-trick-you-take = Du tar { $total }
web-trick-takes = { $name } tar { $total }
web-trick-after-wars = efter { $wars ->
    [one] ett krig
   *[other] { $wars } krig
  }
web-trick-with-over = med { $card } över { $others }

## Game over

web-nobody = ingen
web-a-player = en spelare
web-reason-all_cards = { $winner } vann alla { $cards } korten
web-reason-short_war = { $loser } hade för få kort för att fullfölja ett krig
web-reason-exhausted_tie = alla fick slut på kort i ett krig
web-reason-time_limit = tiden tog slut, och flest kort vinner
web-reason-wars_won = { $winner } vann { $wars } krig
web-reason-round_cap = gränsen på { $tricks } drabbningar nåddes, och flest kort vinner
web-reason-cycle = spelet upprepade sig i all oändlighet
web-reason-abandoned = alla spelare gick, och flest kort vinner
web-col-place = Plats
web-col-player = Spelare
web-col-cards = Kort
web-col-wars-won = Vunna krig
web-stats = { $tricks } drabbningar · { $wars } { $wars ->
    [one] krig
   *[other] krig
  }
web-longest-war = längsta kriget
web-in-a-row = { $n } i rad
web-none = inget
web-rematch-want = { $names } vill ha { $count ->
    [one] en returmatch
   *[other] en returmatch
  }: { $n } av { $of }.
web-rematch-you = { $names } vill ha en returmatch: { $n } av { $of }.
web-rematch-nobody = Ingen har bett om en returmatch än ({ $n } av { $of }).
web-rematch-waiting = Väntar på { $names }…
web-watch-again = Titta på spelet igen
web-copy-the-link = Kopiera länken
web-starting = Startar…
web-play-again = Spela igen
web-take-back = Ångra
web-check-deal = Kontrollera given
web-waiting-deal = Väntar på given…
web-deal-fair = Given var rättvis.
web-deal-bad = Given stämmer inte.

## Chat

web-chat = Chatt
web-say-something = Säg något
web-chat-title = Enter skickar; Esc går tillbaka till bordet (mellanslag vänder)
web-send = Skicka
web-chat-off = Värden har stängt av chatten.

## Connection and name

web-not-connected = Inte ansluten: försök igen om en stund.
web-connection-lost = Anslutningen bröts.
web-trying-again = Försöker igen om { $n } s…
web-seat-kept = Din plats hålls åt dig.
web-try-now = Försök nu
web-dismiss = Stäng
web-change-name = Ändra ditt namn
web-welcome = Välkommen till krig
web-invited-by = Du är inbjuden till bordet hos { $name } (rum { $code }).
web-invited = Du är inbjuden till rum { $code }.
web-call-you = Vad ska bordet kalla dig?
web-name-example = t.ex. Ada
web-join-table = Sätt dig vid bordet
web-lets-play = Nu spelar vi
web-cancel = Avbryt
web-remembered = Sparas i den här webbläsaren.
web-next-room = Ett nytt namn gäller från nästa rum.

## The home page

web-hero = Krig, med vänner
web-lead = Kortspelet som är ren tur, i webbläsaren: alla vänder samtidigt, och lika kort betyder krig. Regler från fem länder, 2 till 4 spelare, datorspelare när ni är för få.
web-host-game = Starta ett spel
web-players = Spelare
web-round-cap = Gräns för drabbningar
web-cap-after = Efter { $n } drabbningar vinner flest kort.
web-cap-none = Ingen: spelet pågår tills en spelare har alla kort.
web-every-rule = Alla regler, i ord
web-list-it = Lista det bland de öppna rummen
web-ready-checks-long = Klarkontroll (spelarna måste säga att de är klara)
web-create-room = Skapa rummet
web-play-computer = Spela mot datorn nu
web-join-friend = Gå med hos en vän
web-room-code = Rumskod
web-take-seat = Ta plats
web-watch = Titta
web-quick-game = Snabbt spel
web-quick-hint = Sätt dig vid ett öppet bord; datorspelare fyller det om ingen kommer.
web-find-table = Hitta ett bord
web-open-rooms = Öppna rum
web-lobby-empty = Inga öppna rum just nu. Starta ett, eller hitta ett snabbt spel.
web-join = Gå med
web-n-players = { $n } spelare

## Banners, offers and the way back to a room

web-other-tab = Den här platsen öppnades i en annan flik eller ett annat fönster; den här stannade. Ladda om sidan för att ta tillbaka den.
web-share-title = krig: spela Krig med mig
web-share-text = Var med i mitt parti Krig (rum { $code })
web-back-to-table = Tillbaka till bordet
web-joining = Går med
web-in-room = i rum { $code }
web-offer-started = Spelet i rum { $code } är i gång.
web-offer-full = Rum { $code } är fullt.
web-offer-locked = Värden har låst rum { $code }.
web-offer-watch-it = Vill du titta?
web-watch-game = Titta på spelet
web-back-home = Tillbaka till start
web-local-hint = Den här servern lyssnar bara på den här datorn: starta den med { $host } (eller { $public }) så att vänner på andra håll kan öppna länken.

## The rules on the host form

web-source = Källa: { $source }
web-source-project = krigs eget val: källorna säger inget
web-source-usual = den vanliga kortleken
web-presets-value = förval: { $value }
web-group-deck = Kortleken
web-group-wars = Krig
web-group-won = Vunna kort
web-group-end = Så slutar ett spel
web-lobby-seats = { $taken }/{ $players } platser
web-lobby-lobby = väntar
web-lobby-playing = spelas
web-lobby-over = slut

## The waiting room and the host's controls

web-waiting-ready = Väntar på att { $names } ska bli redo.
web-waiting-players = Väntar på spelare: { $taken } av { $seats } platser tagna. Spelet startar när den sista platsen är tagen{ $host ->
    [yes] , eller när du startar det
   *[no] {""}
  }.
web-everyone-here = Alla är här.
web-waiting-room = Väntrum
web-slot-bot = redo (dator)
web-slot-bot-level = redo (dator, { $level })
web-slot-ready = redo ✓
web-slot-not-ready = inte redo än
web-slot-free = väntar på en vän…
web-add-bot = Lägg till en datorspelare
web-remove-seat = Ta bort { $name }
web-remove = Ta bort
web-sit-here = Sätt dig här
web-ready = Jag är redo
web-ready-undo = Jag är inte redo ändå
web-you-host = Du är värd
web-start-now = Starta nu
web-start-fill = Starta nu (datorspelare tar { $n ->
    [one] den tomma platsen
   *[other] de { $n } tomma platserna
  })
web-bot-level = Datorns nivå
web-level-easy = lätt
web-level-normal = normal
web-level-hard = svår
web-level-easy-long = lätt: spelar på måfå
web-level-normal-long = normal: lågt i en drabbning, högt i ett krig
web-level-hard-long = svår: räknar kort
web-lock-room = Lås rummet (inga nya spelare)
web-let-watch = Låt folk titta
web-ready-checks = Redo-kontroll
web-s-a-turn = { $n } s per tur
web-change-rules = Ändra reglerna
web-say-out = { $name } har slut på kort.
web-say-out-you = Du har slut på kort.

## The deal check (PROTOCOL.md §5a)

web-hash-by-webcrypto = WebCrypto
web-hash-by-page = sidans egen SHA-256 (ingen WebCrypto på en vanlig http-sida)
web-deal-hashes = Givens hash (SHA-256, med { $how }) stämmer med åtagandet { $commitment }… { $early ->
    [yes] som kungjordes när spelet startade, före första vändningen
   *[no] (den här sidan kom sent: den jämförde det avslöjade)
  }.
web-deal-hash-differs = Givens hash är { $computed }…, inte åtagandet { $announced }… som kungjordes vid start.
web-deal-other-commitment = Servern avslöjade ett annat åtagande än det den kungjorde.
web-deal-whole = Kortleken är hel: { $n } kort, vart och ett en gång{ $aside ->
    [0] {""}
   *[other] , { $aside } undanlagda
  }.
web-deal-not-whole = Given är inte rummets kortlek på { $n } kort, vart och ett en gång.
web-deal-counts = Varje plats fick så många kort som kungjordes ({ $sizes }).
web-deal-counts-differ = Högarna ({ $sizes }) är inte de antal som kungjordes ({ $counts }).
web-deal-order-wrong = { $wrong ->
    [one] { $wrong } uppvänt kort kom
   *[other] { $wrong } uppvända kort kom
  } inte från de utdelade högarna i ordning.
web-deal-order = De { $matched } uppvända korten från de utdelade högarna kom i den ordning de delades ut.

## The replay page (/r/CODE/g/N, /replay)

web-replay-title = Titta på ett spel igen
web-replay-loading = Läser in spel { $game } i rum { $code }…
web-replay-drop = Släpp ett spelprotokoll här (krig-server record ROOM --json), eller öppna ett.
web-replay-open = Öppna en protokollfil…
web-replay-unknown = Servern har inget protokoll över spel { $game } i rum { $code } (ett spels protokoll sparas en stund efter att det är slut).
web-replay-offline = Inte ansluten: protokollet läses in när anslutningen är tillbaka.
web-replay-game = Spel { $game } i rum { $code }
web-replay-deal = Given
web-replay-checking = Kontrollerar given…
web-replay-no-deal = Protokollet har ingen avslöjad giv att kontrollera.
web-replay-not-json = Den filen är inget spelprotokoll: den är inte JSON.
web-replay-not-record = Den filen är inget spelprotokoll (krig-server record --json skriver ett).
web-replay-no-events = Det protokollet har inga händelser att spela upp (krig-server record skriver dem).
web-playback = Uppspelning
web-trick-back = En drabbning bakåt
web-trick-forward = En drabbning framåt
web-trick-prev = ◀ Drabbning
web-trick-next = Drabbning ▶
web-pause = Paus
web-at-end = Vid slutet
web-play = Spela upp
web-speed = Fart
web-replay-pos = { $pos ->
    [0] Given
   *[other] Efter drabbning { $pos }
  } av { $tricks }
