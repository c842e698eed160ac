// The lobby's option form, generated from a game's declared options (`GET /api/catalog`:
// each spec's kind, default, bounds, choices and the message keys of its texts; see
// `ludoteca/core/manifest.py`). Number inputs, checkboxes, selects and checkbox groups;
// advanced (research) options behind "More options". Values are checked here against the
// spec with the server's own messages (`core.option.error.*`), and a refusal the server
// names (a 422 with `option`) is shown beside that field.

import { render as say, t } from './i18n.js';
import { h } from './svg.js';

const label = (spec) => ({ key: spec.label, params: {} });

/** The error message of `key` about `spec`, as the server words it. */
const problem = (spec, key, params = {}) => ({ key: `core.option.error.${key}`, params: { option: label(spec), ...params } });

function input(spec, id) {
  const value = spec.default;
  if (spec.kind === 'bool') {
    return h('input', { type: 'checkbox', id, name: spec.name, checked: value === true || undefined });
  }
  if (spec.kind === 'int') {
    return h('input', { type: 'number', id, name: spec.name, inputmode: 'numeric', step: 1, min: spec.min ?? undefined,
      max: spec.max ?? undefined, value: value ?? '', placeholder: spec.optional ? '—' : undefined });
  }
  if (spec.kind === 'choice') {
    return h('select', { id, name: spec.name }, ...spec.choices.map((c) => h('option', {
      value: String(c.value), selected: c.value === value || undefined }, t(c.label))));
  }
  if (spec.kind === 'multi') {
    const chosen = value || [];
    return h('div', { class: 'choice-group', id, role: 'group' }, ...spec.choices.map((c) => h('label', { class: 'check' },
      h('input', { type: 'checkbox', name: spec.name, value: String(c.value), checked: chosen.includes(c.value) || undefined }),
      h('span', {}, t(c.label)))));
  }
  return h('textarea', { id, name: spec.name, rows: 3, spellcheck: 'false', autocapitalize: 'off',
    placeholder: spec.optional ? '—' : undefined }, value === null || value === undefined ? '' : JSON.stringify(value));
}

function field(spec) {
  const id = `option-${spec.name}`;
  const control = input(spec, id);
  const help = h('small', { class: 'help muted', id: `${id}-help` }, t(spec.about));
  const error = h('p', { class: 'field-error', id: `${id}-error`, role: 'alert', hidden: true });
  const inline = spec.kind === 'bool';
  const title = spec.kind === 'multi' ? h('span', { class: 'field-label', id: `${id}-label` }, t(spec.label))
    : h('label', { for: id, class: 'field-label' }, t(spec.label));
  control.setAttribute('aria-describedby', `${id}-help ${id}-error`);
  if (spec.kind === 'multi') control.setAttribute('aria-labelledby', `${id}-label`);
  return h('div', { class: `field field-${spec.kind}${inline ? ' inline' : ''}`, 'data-option': spec.name },
    inline ? [control, title] : [title, control], help, error);
}

/** The form of `game`'s options (the `players` option comes from the seats). */
export function optionsForm(game) {
  const specs = game.options.filter((s) => s.name !== 'players');
  const basic = specs.filter((s) => !s.advanced).map(field);
  const advanced = specs.filter((s) => s.advanced).map(field);
  return [
    basic.length ? h('fieldset', { class: 'options' }, h('legend', {}, t('web.form.options')), ...basic) : null,
    advanced.length ? h('details', { class: 'more-options' }, h('summary', {}, t('web.form.more_options')), ...advanced) : null,
  ].filter(Boolean);
}

/** The declared choice whose text is `text` (a field's value attribute). */
const choiceValue = (spec, text) => spec.choices.find((c) => String(c.value) === text).value;

/** Read one field: [value, error message or null]. */
function readField(spec, box) {
  if (spec.kind === 'bool') return [box.querySelector('input').checked, null];
  if (spec.kind === 'choice') return [choiceValue(spec, box.querySelector('select').value), null];
  if (spec.kind === 'multi') {
    const chosen = [...box.querySelectorAll('input:checked')].map((i) => choiceValue(spec, i.value));
    return [!chosen.length && spec.optional ? null : chosen, null];
  }
  const text = box.querySelector('input, textarea').value.trim();
  if (!text) return [null, spec.optional ? null : problem(spec, 'required')];
  if (spec.kind === 'json') { // JSON, else the text itself (like the terminal's --option): the game checks it
    try { return [JSON.parse(text), null]; } catch { return [text, null]; }
  }
  const n = Number(text);
  const { min, max } = spec;
  const bad = !Number.isInteger(n) || (min !== null && n < min) || (max !== null && n > max);
  if (!bad) return [n, null];
  if (min !== null && max !== null) return [null, problem(spec, 'range', { min, max })];
  if (min !== null) return [null, problem(spec, 'at_least', { min })];
  if (max !== null) return [null, problem(spec, 'at_most', { max })];
  return [null, problem(spec, 'whole')];
}

/** Show `message` (a message, or text) beside the field of option `name`; false if there is none. */
export function showFieldError(root, name, message) {
  const box = root.querySelector(`[data-option="${CSS.escape(name)}"]`);
  if (!box) return false;
  const error = box.querySelector('.field-error');
  error.textContent = typeof message === 'string' ? message : say(message);
  error.hidden = false;
  box.classList.add('invalid');
  const details = box.closest('details');
  if (details) details.open = true;
  box.scrollIntoView({ block: 'nearest' });
  return true;
}

export function clearFieldErrors(root) {
  for (const box of root.querySelectorAll('[data-option].invalid')) {
    box.classList.remove('invalid');
    box.querySelector('.field-error').hidden = true;
  }
}

/** The options the form holds: {options, errors: [[name, message]]}; null (absent) values are left out. */
export function readOptions(game, root) {
  const options = {};
  const errors = [];
  for (const spec of game.options) {
    const box = root.querySelector(`[data-option="${CSS.escape(spec.name)}"]`);
    if (!box || spec.name === 'players') continue;
    const [value, error] = readField(spec, box);
    if (error) errors.push([spec.name, error]);
    else if (value !== null) options[spec.name] = value;
  }
  return { options, errors };
}
