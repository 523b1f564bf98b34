// Classic two-player War, as krig's `classic` preset plays it (docs/RULES.md):
// 52 cards dealt one at a time from seat 0, simultaneous flips, a tie starts a
// war in which each seat lays 3 cards face down and 1 face up, a seat without
// the 4 cards a war needs is out at once (its cards join the pot), the trick's
// cards go under the winner's pile (the winner's cards first, in the order
// laid), and a game whose position repeats is a draw (Brent's cycle
// detection between tricks, as krig's engine does it).
//
// A card is rank * 4 + suit (ranks 2..14), as in krig's protocol.

const WAR_DOWN = 3;

export class War {
  constructor() {
    const deck = [];
    for (let rank = 2; rank <= 14; rank++) {
      for (let suit = 0; suit < 4; suit++) deck.push(rank * 4 + suit);
    }
    for (let i = deck.length - 1; i > 0; i--) {
      const j = Math.floor(Math.random() * (i + 1));
      [deck[i], deck[j]] = [deck[j], deck[i]];
    }
    this.piles = [[], []];
    deck.forEach((card, i) => this.piles[i % 2].push(card)); // first card dealt = top
    this.table = [[], []];
    this.step = 0;
    this.trick = 1;
    this.war = 0; // wars fought in this trick so far
    this.over = null; // {result, winners, reason} once the game has ended
    this.cycleMark = "";
    this.cyclePower = 1;
    this.cycleLam = 0;
  }

  /** Both seats have flipped: lay the cards, compare, and say what happened. */
  reveal() {
    const down = this.war ? WAR_DOWN : 0;
    const up = [0, 0];
    const laid = [0, 0];
    for (let seat = 0; seat < 2; seat++) {
      const pile = this.piles[seat];
      const table = this.table[seat];
      const k = Math.min(down, pile.length - 1);
      for (let i = 0; i < k; i++) table.push(pile.shift());
      laid[seat] = k;
      up[seat] = pile.shift();
      table.push(up[seat]);
    }
    const reveal = { step: this.step, trick: this.trick, war: this.war, up, down: laid };
    this.step += 1;
    const a = up[0] >> 2;
    const b = up[1] >> 2;
    if (a !== b) {
      reveal.won = this.winTrick(a > b ? 0 : 1);
      if (this.over) reveal.over = this.over;
      return reveal;
    }
    this.war += 1;
    const short = [0, 1].filter((s) => this.piles[s].length < WAR_DOWN + 1);
    reveal.warStarted = { war: this.war, down: WAR_DOWN };
    if (short.length === 2) {
      this.over = { result: "draw", winners: [0, 1], reason: "short_war" };
    } else if (short.length === 1) {
      const out = short[0];
      this.table[out].push(...this.piles[out].splice(0)); // its cards join the pot
      reveal.out = { seat: out, reason: "short_war" };
      reveal.won = this.winTrick(1 - out);
      this.over = { result: "win", winners: [1 - out], reason: "short_war" };
    }
    if (this.over) reveal.over = this.over;
    return reveal;
  }

  winTrick(winner) {
    const cards = [...this.table[winner], ...this.table[1 - winner]];
    this.table = [[], []];
    this.piles[winner].push(...cards);
    const won = { trick: this.trick, winner, total: cards.length, wars: this.war };
    this.trick += 1;
    this.war = 0;
    const loser = 1 - winner;
    if (this.piles[loser].length === 0) {
      this.over = { result: "win", winners: [winner], reason: "all_cards" };
    } else if (this.cycled()) {
      this.over = { result: "draw", winners: [0, 1], reason: "cycle" };
    }
    return won;
  }

  cycled() {
    const key = `${this.piles[0].join(",")}|${this.piles[1].join(",")}`;
    if (key === this.cycleMark) return true;
    this.cycleLam += 1;
    if (this.cycleLam === this.cyclePower) {
      this.cycleMark = key;
      this.cyclePower *= 2;
      this.cycleLam = 0;
    }
    return false;
  }
}
