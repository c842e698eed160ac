// The reader's language: which one (?lang=, else the one chosen before, else the browser's),
// its catalog (GET /api/messages?lang=, merged from every package's messages/<lang>.json) and
// the rendering of messages {key, params} with Intl: numbers, plurals (Intl.PluralRules).
// A message param may be a string, a number or another message; `core.seat` shows the
// player's name when the table passes the names. A key the catalog lacks shows as the key
// itself and is reported on the console (the Python tests keep the catalogs complete).

export const LANGUAGES = [['en', 'English'], ['pt-BR', 'Português (Brasil)'], ['fr', 'Français']];
const STORE = 'ludoteca.lang';

let lang = 'en';
let messages = {};
let plurals = new Intl.PluralRules('en');
let numbers = new Intl.NumberFormat('en');

/** The supported language closest to a tag ('pt' and 'pt-PT' -> 'pt-BR', 'fr-CA' -> 'fr'), or null. */
export function negotiate(tag) {
  if (!tag) return null;
  const wanted = String(tag).replace('_', '-').toLowerCase();
  for (const [code] of LANGUAGES) if (wanted === code.toLowerCase()) return code;
  for (const [code] of LANGUAGES) if (wanted.split('-')[0] === code.split('-')[0].toLowerCase()) return code;
  return null;
}

function stored() {
  try { return localStorage.getItem(STORE); } catch { return null; }
}

/** ?lang= first, then the language chosen with the selector, then the browser's languages. */
export function chooseLanguage() {
  const given = negotiate(new URLSearchParams(location.search).get('lang'));
  if (given) return given;
  const kept = negotiate(stored());
  if (kept) return kept;
  for (const tag of navigator.languages || [navigator.language]) {
    const found = negotiate(tag);
    if (found) return found;
  }
  return 'en';
}

export function currentLanguage() {
  return lang;
}

/** Load the catalog of the chosen language; call once before drawing anything. */
export async function loadMessages(wanted = chooseLanguage()) {
  const response = await fetch(`/api/messages?lang=${encodeURIComponent(wanted)}`, { headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`cannot load the texts (HTTP ${response.status})`);
  const data = await response.json();
  lang = data.lang;
  messages = data.messages;
  plurals = new Intl.PluralRules(lang);
  numbers = new Intl.NumberFormat(lang);
  document.documentElement.lang = lang;
  return lang;
}

export function formatNumber(n) {
  return numbers.format(n);
}

function template(key, count) {
  const entry = messages[key];
  if (entry === undefined) {
    console.error(`no message ${key} in the ${lang} catalog`);
    return key;
  }
  if (typeof entry === 'string') return entry;
  return entry[plurals.select(Number(count))] ?? entry.other;
}

function param(value, names) {
  if (value && typeof value === 'object' && !Array.isArray(value) && 'key' in value) return render(value, names);
  if (typeof value === 'number') return formatNumber(value);
  if (Array.isArray(value)) return value.map((v) => param(v, names)).join(', ');
  return String(value);
}

/** The text of a message {key, params}; `names`: the players' names (for `core.seat`). */
export function render(message, names = null) {
  if (!message) return '';
  const params = message.params || {};
  if (message.key === 'core.seat' && names && names[params.seat] !== undefined) return names[params.seat];
  return template(message.key, params.n).replace(/\{(\w+)\}/g, (whole, name) => (name in params ? param(params[name], names) : whole));
}

/** t('web.lobby.create', {n: 3}): the text of a key with its params. */
export function t(key, params = {}) {
  return render({ key, params });
}

/** A bot's agent as a person reads it: a difficulty level in the page's language, any other spec as typed. */
export function agentLabel(agent) {
  return has(`web.level.${agent}`) ? t(`web.level.${agent}`) : String(agent ?? '');
}

/** A seat's name as shown: a bot left with its agent's name (the server's default) reads as that agent. */
export function seatName(player) {
  return player.kind === 'bot' && player.name === player.agent ? agentLabel(player.agent) : player.name;
}

/** Does the catalog hold this key? (A game's table asks before using a game-specific text.) */
export function has(key) {
  return key in messages;
}

/** Fill the page's static texts: data-i18n (text), data-i18n-title, -placeholder, -aria-label. */
export function translatePage(root = document) {
  for (const el of root.querySelectorAll('[data-i18n]')) el.textContent = t(el.dataset.i18n);
  for (const attr of ['title', 'placeholder', 'aria-label']) {
    for (const el of root.querySelectorAll(`[data-i18n-${attr}]`)) el.setAttribute(attr, t(el.getAttribute(`data-i18n-${attr}`)));
  }
}

/** The language selector: a <select>; a choice is remembered and the page shown again in it. */
export function languageSelector() {
  const select = document.createElement('select');
  select.className = 'lang-select';
  select.setAttribute('aria-label', t('web.language'));
  select.title = t('web.language');
  for (const [code, name] of LANGUAGES) {
    const option = document.createElement('option');
    option.value = code;
    option.textContent = name;
    option.lang = code;
    if (code === lang) option.selected = true;
    select.append(option);
  }
  select.addEventListener('change', () => {
    try { localStorage.setItem(STORE, select.value); } catch { /* private mode */ }
    const url = new URL(location.href);
    url.searchParams.delete('lang');
    location.replace(url.href);
  });
  return select;
}
