// The page's language: Fluent catalogues (krig_locales/<lang>/krig.ftl, shared with the
// terminal client, and web.ftl, the page's own sentences), read by the vendored
// @fluent/bundle. The choice: the switcher's (remembered in localStorage), else the
// browser's languages, else English. A key a language lacks falls back to English.
"use strict";

import { FluentBundle, FluentResource } from "/static/vendor/fluent/index.js";

/** Each language, named in itself (the switcher's words). */
export const LANGUAGES = { en: "English", nb: "Norsk", pl: "Polski", lv: "Latviešu", hr: "Hrvatski", sv: "Svenska" };
const ALIASES = { no: "nb", nn: "nb" };
const STORE = "krig.lang";

let bundles = [];
let current = "en";

/** The language to use: the remembered choice, else the first of the browser's we speak. */
export function pickLanguage() {
  const saved = localStorage.getItem(STORE);
  if (saved && saved in LANGUAGES) return saved;
  for (const tag of navigator.languages || [navigator.language || "en"]) {
    const base = String(tag).toLowerCase().split("-")[0];
    const code = ALIASES[base] || base;
    if (code in LANGUAGES) return code;
  }
  return "en";
}

async function bundleFor(lang) {
  const bundle = new FluentBundle(lang, { useIsolating: false });
  for (const file of ["krig.ftl", "web.ftl"]) {
    const reply = await fetch(`/static/locales/${lang}/${file}`);
    if (reply.ok) bundle.addResource(new FluentResource(await reply.text()));
  }
  return bundle;
}

/** Loads a language's catalogues (and English's, the fallback) and marks the page with it. */
export async function useLanguage(lang) {
  const code = lang in LANGUAGES ? lang : "en";
  const loaded = [await bundleFor(code)];
  if (code !== "en") loaded.push(await bundleFor("en"));
  bundles = loaded;
  current = code;
  document.documentElement.lang = code;
  document.title = t("web-title");
}

/** The switcher's choice: remembered for the next visit. */
export async function chooseLanguage(lang) {
  localStorage.setItem(STORE, lang);
  await useLanguage(lang);
}

export const language = () => current;

/** A sentence in the page's language; names and numbers go in as arguments. */
export function t(id, args) {
  for (const bundle of bundles) {
    const message = bundle.getMessage(id);
    if (message && message.value) return bundle.formatPattern(message.value, args);
  }
  return id;
}

/** Whether a catalogue has the key. */
export const has = (id) => bundles.some((bundle) => bundle.hasMessage(id));

/** A number as the language writes it. */
export const num = (n) => new Intl.NumberFormat(current).format(n);

/** "Ada, Bo and Cy" in the page's language. */
export function listOf(names) {
  if (names.length <= 1) return names.join("");
  return t("web-list", { head: names.slice(0, -1).join(", "), last: names.at(-1) });
}
