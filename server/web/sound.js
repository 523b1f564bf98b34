// Short sounds made with WebAudio (no files): a card's snap at a reveal, a
// rising pair of notes for a won trick, a chord for a won game. Off until the
// player turns them on (the choice is remembered).
"use strict";

let context = null;
let on = localStorage.getItem("krig.sound") === "on";

export const soundOn = () => on;

export function setSound(value) {
  on = value;
  localStorage.setItem("krig.sound", on ? "on" : "off");
  if (on) audio(); // (created inside the click that turned it on, as browsers require)
}

function audio() {
  if (!context) {
    const Ctx = window.AudioContext || window.webkitAudioContext;
    if (!Ctx) return null;
    context = new Ctx();
  }
  if (context.state === "suspended") context.resume().catch(() => {});
  return context;
}

function tone(ctx, freq, start, length, gain = 0.12, type = "triangle") {
  const osc = ctx.createOscillator();
  const amp = ctx.createGain();
  osc.type = type;
  osc.frequency.setValueAtTime(freq, start);
  amp.gain.setValueAtTime(0.0001, start);
  amp.gain.exponentialRampToValueAtTime(gain, start + 0.015);
  amp.gain.exponentialRampToValueAtTime(0.0001, start + length);
  osc.connect(amp).connect(ctx.destination);
  osc.start(start);
  osc.stop(start + length + 0.02);
}

export function playFlip() {
  const ctx = on && audio();
  if (!ctx) return;
  // A burst of filtered noise: the snap of a card turned on felt.
  const length = 0.07;
  const buffer = ctx.createBuffer(1, Math.floor(ctx.sampleRate * length), ctx.sampleRate);
  const data = buffer.getChannelData(0);
  for (let i = 0; i < data.length; i++) data[i] = (Math.random() * 2 - 1) * (1 - i / data.length) ** 3;
  const noise = ctx.createBufferSource();
  noise.buffer = buffer;
  const filter = ctx.createBiquadFilter();
  filter.type = "bandpass";
  filter.frequency.value = 2400;
  filter.Q.value = 0.8;
  const amp = ctx.createGain();
  amp.gain.value = 0.35;
  noise.connect(filter).connect(amp).connect(ctx.destination);
  noise.start();
}

export function playWin(mine) {
  const ctx = on && audio();
  if (!ctx) return;
  const t = ctx.currentTime;
  if (mine) {
    tone(ctx, 659.25, t, 0.18);
    tone(ctx, 987.77, t + 0.09, 0.25);
  } else {
    tone(ctx, 392, t, 0.16, 0.07);
  }
}

export function playGameOver(won) {
  const ctx = on && audio();
  if (!ctx) return;
  const t = ctx.currentTime;
  const notes = won ? [523.25, 659.25, 783.99, 1046.5] : [440, 392, 329.63];
  notes.forEach((f, i) => tone(ctx, f, t + i * 0.11, 0.4, 0.1));
}
