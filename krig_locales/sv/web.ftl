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
