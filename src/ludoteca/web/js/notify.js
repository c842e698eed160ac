// Turn notifications (issue #24): when a seat this browser holds must act, the tab's title
// starts with "● " and its favicon turns from the idle picture to the turn one
// (`link#favicon[data-state]`: "idle" or "turn"). Two toggles in the top bar, both off by
// default and remembered in local storage: a short sound made with the Web Audio API (no
// audio file), and a browser notification while the page is hidden (the permission is asked
// only when that toggle is turned on). Both fire once when the turn comes, not at every view.

import { toast } from './api.js';
import { t } from './i18n.js';
import { icon } from './icons.js';
import { h, replace } from './svg.js';

const SOUND_KEY = 'ludoteca.turn.sound';
const ALERT_KEY = 'ludoteca.turn.notify';

/** The favicon as an SVG data URL: a table with a meeple, dark when idle, lit on your turn. */
export function faviconUrl(turn) {
  const ground = turn ? '#b5532b' : '#3d342a';
  const piece = turn ? '#ffd34d' : '#c8bba3';
  const dot = turn ? '<circle cx="52" cy="12" r="10" fill="#61d26f" stroke="#fff" stroke-width="3"/>' : '';
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect x="2" y="2" width="60" height="60" rx="14" fill="${ground}"/>`
    + `<path d="M32 12a8 8 0 0 1 8 8c0 2-1 4-2 5l10 5c2 1 3 3 2 5l-1 2-9-3 6 14h-9l-5-9-5 9h-9l6-14-9 3-1-2c-1-2 0-4 2-5l10-5c-1-1-2-3-2-5a8 8 0 0 1 8-8z" fill="${piece}"/>${dot}</svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

function remembered(key) {
  try { return localStorage.getItem(key) === 'on'; } catch { return false; }
}

function remember(key, on) {
  try { localStorage.setItem(key, on ? 'on' : 'off'); } catch { /* private mode */ }
}

/** Two short rising notes, quiet. */
function chime(audio) {
  const now = audio.currentTime;
  [660, 880].forEach((frequency, i) => {
    const osc = audio.createOscillator();
    const gain = audio.createGain();
    osc.type = 'sine';
    osc.frequency.value = frequency;
    const start = now + i * 0.14;
    gain.gain.setValueAtTime(0.0001, start);
    gain.gain.exponentialRampToValueAtTime(0.18, start + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + 0.13);
    osc.connect(gain).connect(audio.destination);
    osc.start(start);
    osc.stop(start + 0.14);
  });
}

export class TurnSignal {
  constructor() {
    this.turn = false;
    this.sound = remembered(SOUND_KEY);
    this.alerts = remembered(ALERT_KEY) && typeof Notification !== 'undefined' && Notification.permission === 'granted';
    this.audio = null;
    this.icon = document.getElementById('favicon');
    this.buttons = {};
    this.setIcon(false);
  }

  setIcon(turn) {
    if (!this.icon) return;
    this.icon.href = faviconUrl(turn);
    this.icon.dataset.state = turn ? 'turn' : 'idle';
  }

  /** A new view is shown: `turn` if a held seat must act; `title` the tab's title without the mark. */
  update(turn, title, { game = '', name = '' } = {}) {
    document.title = `${turn ? '● ' : ''}${title}`;
    this.setIcon(turn);
    if (turn && !this.turn) this.announce(game, name);
    this.turn = turn;
  }

  announce(game, name) {
    if (this.sound) this.play();
    if (this.alerts && document.hidden && typeof Notification !== 'undefined' && Notification.permission === 'granted') {
      try {
        const note = new Notification(t('web.notify.title', { game }), { body: t('web.notify.body', { name }), tag: 'ludoteca-turn', icon: faviconUrl(true) });
        note.onclick = () => { window.focus(); note.close(); };
      } catch { /* some browsers allow notifications only from a service worker */ }
    }
  }

  play() {
    const Audio = window.AudioContext || window.webkitAudioContext;
    if (!Audio) return;
    try {
      if (!this.audio) this.audio = new Audio();
      if (this.audio.state === 'suspended') this.audio.resume();
      chime(this.audio);
      const root = document.documentElement; // how many chimes played: the browser tests read it
      root.dataset.chimes = String(Number(root.dataset.chimes || 0) + 1);
    } catch { /* no sound device */ }
  }

  /** The two toggles for the top bar. */
  toggles() {
    const sound = h('button', { type: 'button', class: 'toggle sound-toggle', onclick: () => this.toggleSound() });
    const alerts = h('button', { type: 'button', class: 'toggle notify-toggle', onclick: () => this.toggleAlerts() });
    this.buttons = { sound, alerts };
    this.drawToggles();
    return h('span', { class: 'turn-toggles' }, sound, alerts);
  }

  drawToggles() {
    const { sound, alerts } = this.buttons;
    if (!sound) return;
    replace(sound, icon(this.sound ? 'sound' : 'mute'));
    sound.setAttribute('aria-pressed', String(this.sound));
    sound.title = t(this.sound ? 'web.notify.sound_on' : 'web.notify.sound_off');
    sound.setAttribute('aria-label', sound.title);
    replace(alerts, icon(this.alerts ? 'bell' : 'bell-off'));
    alerts.setAttribute('aria-pressed', String(this.alerts));
    alerts.title = t(this.alerts ? 'web.notify.alerts_on' : 'web.notify.alerts_off');
    alerts.setAttribute('aria-label', alerts.title);
  }

  toggleSound() {
    this.sound = !this.sound;
    remember(SOUND_KEY, this.sound);
    if (this.sound) this.play(); // a click lets the page start its audio; the chime shows what it sounds like
    this.drawToggles();
  }

  async toggleAlerts() {
    if (this.alerts) {
      this.alerts = false;
    } else if (typeof Notification === 'undefined') {
      toast(t('web.notify.unsupported'), 'error');
    } else {
      const permission = Notification.permission === 'default' ? await Notification.requestPermission() : Notification.permission;
      this.alerts = permission === 'granted';
      if (!this.alerts) toast(t('web.notify.denied'), 'error');
    }
    remember(ALERT_KEY, this.alerts);
    this.drawToggles();
  }
}
