// The generic table: any registered game, playable through its prompt. The observation is
// shown as formatted JSON and every prompt option is a button that sends its canonical text.

import { h, replace } from './svg.js';

const FILTER_FROM = 24; // options shown before a filter box appears

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
        h('section', { class: 'panel' }, h('h3', {}, 'What you see (observation)'), this.observationBox)),
      h('aside', { class: 'side' }, this.playersBox, this.logBox));
  }

  destroy() {}

  render(view) {
    if (!this.view || this.view.state_id !== view.state_id) this.filter = '';
    this.view = view;
    this.observationBox.textContent = JSON.stringify(view.observation, null, 2);
    replace(this.playersBox, h('h3', {}, 'Players'), h('ul', { class: 'players' }, ...view.players.map((p) => h('li', {
      class: `player${view.to_act === p.seat ? ' acting' : ''}`,
    }, h('span', { class: 'player-name' }, p.name, p.kind === 'bot' ? h('span', { class: 'tag' }, `bot · ${p.agent}`) : null,
      this.ctx.held.includes(p.seat) ? h('span', { class: 'tag you' }, 'you') : null,
      view.to_act === p.seat ? h('span', { class: 'tag turn' }, 'to play') : null),
    h('span', { class: 'score' }, String(view.scores[p.seat] ?? 0))))));
    replace(this.logBox, h('summary', {}, 'Moves'), h('ol', { class: 'log', reversed: true },
      ...view.log.slice().reverse().map((e) => h('li', {}, h('strong', {}, e.player), ' ', e.action))));
    this.drawPrompt();
  }

  drawPrompt() {
    const view = this.view;
    const parts = [];
    if (view.terminal) {
      parts.push(h('h2', { class: 'turn-title over' }, 'Game over'),
        h('p', {}, 'Scores: ', view.players.map((p) => `${p.name} ${view.scores[p.seat]}`).join(', ')));
    } else if (view.prompt) {
      const prompt = view.prompt;
      parts.push(h('h2', { class: 'turn-title' }, `Your turn: ${prompt.text}`));
      let options = prompt.options;
      if (options.length > FILTER_FROM) {
        const input = h('input', {
          type: 'search', class: 'option-filter', placeholder: `filter ${options.length} options…`, value: this.filter,
          oninput: (e) => { this.filter = e.target.value; this.drawPrompt(); },
        });
        parts.push(input);
        const f = this.filter.trim().toLowerCase();
        if (f) options = options.filter((o) => o.text.toLowerCase().includes(f));
      }
      parts.push(h('div', { class: 'choices' }, ...options.map((o) => h('button', {
        type: 'button', class: 'choice', 'data-action': o.text, title: JSON.stringify(o.payload),
        onclick: () => this.ctx.act(o.text),
      }, o.text))));
    } else {
      const who = view.to_act !== null && view.to_act !== undefined ? view.players[view.to_act].name : 'chance';
      parts.push(h('h2', { class: 'turn-title' }, `Waiting for ${who}…`));
    }
    if (view.can_undo) parts.push(h('button', { type: 'button', class: 'undo', onclick: () => this.ctx.undo() }, '↶ Take back'));
    const focused = document.activeElement && document.activeElement.classList.contains('option-filter');
    replace(this.promptBox, ...parts);
    if (focused) {
      const input = this.promptBox.querySelector('.option-filter');
      input.focus();
      input.setSelectionRange(input.value.length, input.value.length);
    }
  }
}
