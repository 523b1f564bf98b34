// Every rule option and preset in words, with the source text it comes from
// (docs/RULES.md's option table; tests/test_browser.py checks this file
// against the server's rules and that table).
"use strict";

export const SOURCES = {
  NO: "Norwegian", PL: "Polish", LV: "Latvian", HR: "Croatian", SE: "Swedish",
  project: "krig's own: the sources are silent",
  usual: "the usual deck",
};

export const sourceText = (codes) => codes.map((c) => SOURCES[c] ?? c).join(", ");

const count = (n, one, many) => `${n} ${n === 1 ? one : many}`;
const minutes = (s) => (s % 60 === 0 ? count(s / 60, "minute", "minutes") : count(s, "second", "seconds"));

// name, label, kind (choices, "bool" or bounds), words for a value, the sources for a value.
export const RULE_OPTIONS = [
  {
    name: "players", label: "Seats at the table", kind: { min: 2, max: 4 },
    words: (v) => String(v),
    sources: (v) => (v === 2 ? ["NO", "HR", "PL", "SE", "LV"] : ["PL", "SE", "LV"]),
  },
  {
    name: "jokers", label: "Jokers (above the ace)", kind: { min: 0, max: 2 },
    words: (v) => (v === 0 ? "none" : String(v)),
    sources: (v) => (v === 0 ? ["usual"] : ["LV"]),
  },
  {
    name: "min_rank", label: "Lowest rank in the deck", kind: { min: 2, max: 14 },
    words: (v) => (v === 2 ? "2: the full deck" : `${{ 11: "jack", 12: "queen", 13: "king", 14: "ace" }[v] ?? v}: ${(15 - v) * 4} cards`),
    sources: (v) => (v === 2 ? ["usual"] : ["LV"]),
  },
  {
    name: "war_down", label: "Face-down cards in a war", kind: { min: 0, max: 10 },
    words: (v) => String(v),
    sources: (v) => ({ 3: ["NO", "HR", "SE"], 1: ["PL"], 0: ["LV"] }[v] ?? ["SE"]),
  },
  {
    name: "war_repeat", label: "After a tie in a war", kind: ["same", "face_up_only"],
    words: (v) => ({ same: "lay the face-down cards again", face_up_only: "single face-up cards break it" }[v]),
    short: (v) => ({ same: "face down again", face_up_only: "face up cards break it" }[v]),
    sources: (v) => (v === "same" ? ["NO", "PL", "SE", "LV"] : ["HR"]),
  },
  {
    name: "short_war", label: "A war player short of cards", kind: ["lose", "last_card"],
    words: (v) => ({ lose: "loses at once (their cards join the pot)", last_card: "plays what they have, the last card face up" }[v]),
    short: (v) => ({ lose: "loses at once", last_card: "plays what they have" }[v]),
    sources: (v) => (v === "lose" ? ["NO", "PL"] : ["NO", "SE"]),
  },
  {
    name: "war_players", label: "Who fights a war (3–4 players)", kind: ["tied_highest", "all_in_battle", "any_tied"],
    words: (v) => ({
      tied_highest: "the seats tied for the highest card",
      all_in_battle: "every seat of the battle",
      any_tied: "every seat whose card ties another, even a lower one",
    }[v]),
    short: (v) => ({ tied_highest: "the seats tied highest", all_in_battle: "every seat of the battle", any_tied: "every tied seat, even lower" }[v]),
    sources: (v) => ({ tied_highest: ["SE"], all_in_battle: ["PL"], any_tied: ["LV"] }[v]),
  },
  {
    name: "war_winner", label: "Who can win a war", kind: ["participants", "highest_card"],
    words: (v) => ({ participants: "the war seat with the highest new card", highest_card: "whoever shows the highest latest card, a waiting seat too" }[v]),
    short: (v) => ({ participants: "the best new war card", highest_card: "the best latest card, any seat" }[v]),
    sources: () => ["LV"],
  },
  {
    name: "winnings", label: "Won cards go", kind: ["under_pile", "separate"],
    words: (v) => ({ under_pile: "face down under your pile", separate: "to a winnings pile, shuffled in when your pile runs out" }[v]),
    short: (v) => ({ under_pile: "under your pile", separate: "to a winnings pile" }[v]),
    sources: (v) => (v === "under_pile" ? ["NO", "HR", "SE"] : ["LV", "NO"]),
  },
  {
    name: "gather_order", label: "Order of the won cards", kind: ["shuffled", "winner_first", "seat_order"],
    words: (v) => ({ winner_first: "the winner's cards first", seat_order: "seat by seat", shuffled: "shuffled from the game's seed" }[v]),
    short: (v) => ({ winner_first: "the winner's cards first", seat_order: "seat by seat", shuffled: "shuffled" }[v]),
    sources: () => ["project"],
  },
  {
    name: "steal", label: "Steal War", kind: "bool",
    words: (v) => (v ? "the war's winner also takes the top card of each loser's pile" : "off"),
    short: (v) => (v ? "on: the winner steals" : "off"),
    sources: () => ["SE"],
  },
  {
    name: "hand_size", label: "Hand (Arneson)", kind: { min: 0, max: 5 },
    words: (v) => (v === 0 ? "none: flip the top card" : `hold ${v} cards and choose which to play`),
    sources: () => ["HR"],
  },
  {
    name: "loser_takes_tied", label: "The war's loser takes back the tied cards", kind: "bool",
    words: (v) => (v ? "yes" : "no"),
    sources: () => ["HR"],
  },
  {
    name: "time_limit_s", label: "Time limit", kind: { min: 0, max: 86400 },
    words: (v) => (v === 0 ? "none" : `${minutes(v)}, then most cards wins`),
    sources: () => ["NO", "SE"],
  },
  {
    name: "wars_to_win", label: "Wars to win", kind: { min: 0, max: 1000 },
    words: (v) => (v === 0 ? "off" : `the first to win ${count(v, "war", "wars")} wins`),
    sources: () => ["HR"],
  },
  {
    name: "max_tricks", label: "Round cap", kind: { min: 0, max: 1000000 },
    words: (v) => (v === 0 ? "none" : `after ${count(v, "trick", "tricks")}, most cards wins`),
    sources: () => ["project"],
  },
  {
    name: "detect_cycles", label: "A game that repeats forever", kind: "bool",
    words: (v) => (v ? "ends as a draw" : "plays on"),
    sources: () => ["project", "PL"],
  },
];

/** The host's form, in groups (every option but the seats, which the form asks first). */
export const RULE_GROUPS = [
  ["The deck", ["min_rank", "jokers"], "web-group-deck"],
  ["Wars", ["war_down", "war_repeat", "short_war", "war_players", "war_winner", "steal", "loser_takes_tied"], "web-group-wars"],
  ["Won cards", ["winnings", "gather_order", "hand_size"], "web-group-won"],
  ["How a game ends", ["max_tricks", "time_limit_s", "wars_to_win", "detect_cycles"], "web-group-end"],
];

export const OPTION_BY_NAME = Object.fromEntries(RULE_OPTIONS.map((o) => [o.name, o]));

export const DEFAULTS = {
  players: 2, jokers: 0, min_rank: 2, war_down: 3, war_repeat: "same", short_war: "lose",
  war_players: "tied_highest", war_winner: "participants", winnings: "under_pile",
  gather_order: "shuffled", steal: false, hand_size: 0, loser_takes_tied: false,
  time_limit_s: 0, wars_to_win: 0, max_tricks: 0, detect_cycles: true,
};

// name, its options that differ from the defaults, where it comes from, and a line about it.
export const PRESETS = [
  ["classic", {}, "NO/HR/SE common core", "The War most people know: 3 face down in a war."],
  ["quick", { min_rank: 6 }, "LV (36 cards: a shorter game)", "The 36-card deck, 6 to ace: shorter games."],
  ["norwegian", {}, "NO", "Krig as the Norwegian text tells it."],
  ["polish", { war_down: 1, war_players: "all_in_battle" }, "PL", "Wojna: one face down, and every seat of the battle fights."],
  ["latvian", { jokers: 2, war_down: 0, winnings: "separate" }, "LV", "Two jokers, no face-down cards, a winnings pile."],
  ["croatian", { war_repeat: "face_up_only" }, "HR", "Rat: a tie within a war is broken face up."],
  ["swedish", { short_war: "last_card" }, "SE", "Krig: short of cards, your last one decides."],
  ["arneson", { hand_size: 3, loser_takes_tied: true }, "HR (Erik Arneson's variant)", "Hold three cards and choose which to play."],
  ["steal", { steal: true }, "SE (Steal War)", "The war's winner steals a card from each loser."],
  ["timed", { time_limit_s: 900 }, "NO, SE (time-limit house rule)", "Fifteen minutes, then most cards wins."],
];

export const PRESET_BY_NAME = Object.fromEntries(PRESETS.map(([name, opts, source, line]) => [name, { name, opts, source, line }]));

/** The preset's rules (every option). */
export function presetRules(preset, players) {
  const found = PRESET_BY_NAME[preset];
  return { ...DEFAULTS, ...(found ? found.opts : {}), players: players ?? DEFAULTS.players };
}

/** The options of ``rules`` that differ from the preset's (what a room overrides). */
export function overrides(preset, rules) {
  const base = presetRules(preset, rules.players);
  const out = {};
  for (const [name, value] of Object.entries(rules)) {
    if (name !== "players" && name in base && base[name] !== value) out[name] = value;
  }
  return out;
}

/** "Face-down cards in a war: 3 (Norwegian, Croatian, Swedish)". */
export function ruleLine(name, value) {
  const option = OPTION_BY_NAME[name];
  if (!option) return `${name}: ${value}`;
  return `${option.label}: ${option.words(value)} (${sourceText(option.sources(value))})`;
}

const REASONS = {
  all_cards: "one player has all the cards",
  short_war: "a player could not finish a war",
  exhausted_tie: "everyone ran out of cards on a tie",
  time_limit: "time is up: most cards wins",
  wars_won: "enough wars won",
  round_cap: "the round cap: most cards wins",
  cycle: "the game would repeat forever",
  abandoned: "every player left: most cards wins",
};

export const reasonText = (reason) => REASONS[reason] ?? String(reason).replaceAll("_", " ");
