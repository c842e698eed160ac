// The generic table: any registered game, playable through its prompt. The observation is
// shown as formatted JSON and every prompt option is a button that sends its canonical text;
// prompts, options and the log are the messages of the view, rendered in the reader's language.

import { agentLabel, formatNumber, render as say, t } from './i18n.js';
import { resultTitle } from './result.js';
import { h, replace } from './svg.js';

const names = (view) => view.players.map((p) => p.name);

/** A message that is only the notation (a game not translated yet) is marked as such. */
const untranslated = (message) => !message || message.key === 'core.notation';

const FILTER_FROM = 24; // options shown before a filter box appears

const label = (option, seatNames) => (option.message ? say(option.message, seatNames) : option.text);

export class GenericTable {
  /** ctx: {act(text), undo(), held: [seats], hotseat}. */
  constructor(root, ctx) {
    this.ctx = ctx;
    this.filter = '';
    this.view = null;
    this.promptBox = h('section', { class: 'panel prompt-panel', 'aria-live': 'polite' });
    this.playersBox = h('section', { class: 'panel' });
    this.logBox = h('details', { class: 'panel log-panel', open: true });
    this.observationBox = h('pre', { class: 'observation' });
    root.classList.add('generic');
    replace(root,
      h('section', { class: 'generic-main' },
        this.promptBox,
        h('section', { class: 'panel' }, h('h3', {}, t('web.generic.observation')), this.observationBox)),
      h('aside', { class: 'side' }, this.playersBox, this.logBox));
  }

  destroy() {}

  render(view) {
    if (!this.view || this.view.state_id !== view.state_id) this.filter = '';
    this.view = view;
    this.observationBox.textContent = JSON.stringify(view.observation, null, 2);
    replace(this.playersBox, h('h3', {}, t('web.table.players')), h('ul', { class: 'players' }, ...view.players.map((p) => h('li', {
      class: `player${view.to_act === p.seat ? ' acting' : ''}`,
    }, h('span', { class: 'player-name' }, p.name, p.kind === 'bot' ? h('span', { class: 'tag' }, `${t('core.bot')} · ${agentLabel(p.agent)}`) : null,
      this.ctx.held.includes(p.seat) ? h('span', { class: 'tag you' }, t('core.you')) : null,
      view.to_act === p.seat ? h('span', { class: 'tag turn' }, t('core.to_play')) : null),
    h('span', { class: 'score' }, formatNumber(view.scores[p.seat] ?? 0))))));
    replace(this.logBox, h('summary', {}, t('web.table.moves')), h('ol', { class: 'log', reversed: true },
      ...view.log.slice().reverse().map((e) => h('li', {}, h('strong', {}, e.seat === null ? t('core.chance') : e.player), ' ',
        e.message ? say(e.message, names(view)) : e.action))));
    this.drawPrompt();
  }

  drawPrompt() {
    const view = this.view;
    const parts = [];
    if (view.terminal) {
      parts.push(resultTitle(view),
        h('p', {}, t('core.scores', { scores: view.players.map((p) => `${p.name} ${formatNumber(view.scores[p.seat])}`).join(', ') })));
    } else if (view.prompt) {
      const prompt = view.prompt;
      const asked = untranslated(prompt.message) ? h('span', { class: 'notation' }, prompt.text) : say(prompt.message, names(view));
      const [before, after] = t('web.generic.your_turn', { prompt: '\u0000' }).split('\u0000');
      parts.push(h('h2', { class: 'turn-title' }, h('span', {}, before, asked, after))); // one flex item: spaces kept
      let options = prompt.options;
      if (options.length > FILTER_FROM) {
        const input = h('input', {
          type: 'search', class: 'option-filter', placeholder: t('web.generic.filter', { n: options.length }), value: this.filter,
          oninput: (e) => { this.filter = e.target.value; this.drawPrompt(); },
        });
        parts.push(input);
        const f = this.filter.trim().toLowerCase();
        if (f) options = options.filter((o) => o.text.toLowerCase().includes(f) || label(o, names(view)).toLowerCase().includes(f));
      }
      parts.push(h('div', { class: 'choices' }, ...options.map((o) => h('button', {
        type: 'button', class: `choice${untranslated(o.message) ? ' notation' : ''}`, 'data-action': o.text,
        title: label(o, names(view)) === o.text ? JSON.stringify(o.payload) : o.text,
        onclick: () => this.ctx.act(o.text),
      }, label(o, names(view))))));
    } else {
      const who = view.to_act !== null && view.to_act !== undefined ? view.players[view.to_act].name : t('core.chance');
      parts.push(h('h2', { class: 'turn-title' }, t('core.waiting', { name: who })));
    }
    if (view.can_undo) parts.push(h('button', { type: 'button', class: 'undo', onclick: () => this.ctx.undo() }, t('web.table.undo')));
    const focused = document.activeElement && document.activeElement.classList.contains('option-filter');
    replace(this.promptBox, ...parts);
    if (focused) {
      const input = this.promptBox.querySelector('.option-filter');
      input.focus();
      input.setSelectionRange(input.value.length, input.value.length);
    }
  }
}
