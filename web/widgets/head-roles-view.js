// The DOM of <attn-head-roles>: the probe picker, the layer × head table
// (one button per head, arrow keys move between them), the legend and the
// opened head. It builds and fills; the element (attn-head-roles.js)
// decides what is measured. Every number shown comes from attn.headRoles.
import { el, labelledField } from './dom.js';
import { t } from './i18n.js';
import { AttnHeatmap } from './attn-heatmap.js';
import { fitCell, labelRoom } from './layout.js';
import { STYLE } from './head-roles-style.js';

export const PROBES = ['repeated', 'pronoun', 'name', 'own'];
export const ROLES = ['previousToken', 'induction', 'sink', 'diagonal'];
export const VIEWS = ['best', ...ROLES];
const two = (x) => (Number.isFinite(x) ? x.toFixed(2) : '–');

function choiceRow(className, names, key) {
  const row = el('div', className);
  row.setAttribute('role', 'radiogroup');
  const buttons = names.map((name) => {
    const b = el('button', 'choice');
    b.type = 'button';
    b.dataset.value = name;
    b.dataset.i18n = key(name);
    b.setAttribute('role', 'radio');
    row.append(b);
    return b;
  });
  return { row, buttons };
}

/** Builds the element's DOM in `root`; returns the parts by name. */
export function buildView(root) {
  const ui = {};
  ui.title = el('h3', 'title');
  ui.title.dataset.i18n = 'roles.title';
  ui.lede = el('p', 'lede');
  const probes = choiceRow('probes', PROBES, (p) => `roles.probe.${p}`);
  ui.probes = probes.row;
  ui.probeButtons = probes.buttons;
  ui.text = document.createElement('textarea');
  ui.text.rows = 3;
  ui.text.spellcheck = false;
  ui.measure = el('button', 'button');
  ui.measure.type = 'button';
  ui.measure.dataset.i18n = 'roles.own.measure';
  ui.own = el('div', 'own');
  ui.own.append(labelledField('roles.own.label', ui.text, 'field text'), ui.measure);
  ui.about = el('p', 'about');
  const views = choiceRow('views', VIEWS, (v) => (v === 'best' ? 'roles.view.best' : `roles.role.${v}`));
  ui.views = views.row;
  ui.viewButtons = views.buttons;
  ui.status = el('p', 'status');
  ui.status.setAttribute('aria-live', 'polite');
  ui.error = el('p', 'roles-error');
  ui.error.setAttribute('role', 'alert');
  ui.scroll = el('div', 'scroll');
  ui.table = el('table', 'role-table');
  ui.scroll.append(ui.table);
  ui.legend = el('ul', 'legend');
  ui.detail = el('section', 'detail');
  ui.detail.hidden = true;
  root.append(el('style', null, STYLE), ui.title, ui.lede, ui.probes, ui.own, ui.about, ui.views, ui.status, ui.error,
    ui.scroll, ui.legend, ui.detail);
  return ui;
}

/** Marks the chosen probe and view, shows the own-text box for 'own'. */
export function showChoices(ui, { probe, view }, canUseText) {
  for (const b of ui.probeButtons) {
    b.setAttribute('aria-checked', String(b.dataset.value === probe));
    b.disabled = b.dataset.value !== 'repeated' && !canUseText;
  }
  for (const b of ui.viewButtons) b.setAttribute('aria-checked', String(b.dataset.value === view));
  ui.own.hidden = probe !== 'own';
}

/** The role a cell shows in `view`, and its score: the head's name, or that role's score. */
function cellRole(roles, view, l, h) {
  if (view !== 'best') return { role: view, score: roles.scores[view][l][h] };
  const role = roles.names[l][h];
  return { role, score: role ? roles.scores[role][l][h] : Math.max(...ROLES.map((r) => roles.scores[r][l][h]).filter(Number.isFinite)) };
}

function cellLabel(roles, l, h, lang) {
  const named = roles.names[l][h] ? t('roles.named', { role: t(`roles.role.${roles.names[l][h]}`, {}, lang) }, lang) : t('roles.unnamed', {}, lang);
  const scores = ROLES.map((r) => `${t(`roles.role.${r}`, {}, lang)} ${two(roles.scores[r][l][h])}`).join(', ');
  return t('roles.cell', { l, h, named, scores }, lang);
}

/** Fills the table: a header row of heads, then one row per layer of buttons. */
export function renderTable(ui, roles, { view, head }, lang) {
  const { nLayers: L, nHeads: H } = roles;
  const table = ui.table;
  table.replaceChildren();
  table.append(el('caption', null, t('roles.caption', { layers: L, heads: H }, lang)));
  const head0 = el('tr');
  head0.append(el('th', 'corner', t('roles.corner', {}, lang)));
  for (let h = 0; h < H; h++) head0.append(Object.assign(el('th', 'col', String(h)), { scope: 'col', title: t('roles.head', { h }, lang) }));
  const thead = el('thead');
  thead.append(head0);
  table.append(thead);
  const body = el('tbody');
  for (let l = 0; l < L; l++) {
    const tr = el('tr');
    tr.append(Object.assign(el('th', 'row', String(l)), { scope: 'row', title: t('roles.layer', { l }, lang) }));
    for (let h = 0; h < H; h++) {
      const { role, score } = cellRole(roles, view, l, h);
      const b = el('button', 'role-cell');
      b.type = 'button';
      b.dataset.layer = String(l);
      b.dataset.head = String(h);
      b.dataset.role = role ?? '';
      const strength = Math.max(0, Math.min(1, score || 0)) * (role ? 1 : 0.5); // an unnamed head stays pale
      b.style.setProperty('--strength', `${Math.round(strength * 100)}%`);
      if (strength >= 0.55) b.classList.add('strong');
      const short = role && view === 'best' ? t(`roles.short.${role}`, {}, lang) : '';
      const shown = two(score).replace(/^0(?=\.)/, '');
      b.append(el('span', 'glyph', short), el('span', 'score', shown));
      // the name starts with the visible text (the role's letter and the score), then says it in words
      b.setAttribute('aria-label', `${short}${shown} — ${cellLabel(roles, l, h, lang)}`);
      b.setAttribute('aria-pressed', String(head?.layer === l && head?.head === h));
      b.tabIndex = (head ? head.layer === l && head.head === h : l === 0 && h === 0) ? 0 : -1;
      const td = el('td');
      td.append(b);
      tr.append(td);
    }
    body.append(tr);
  }
  table.append(body);
}

/** Moves focus within the table by arrow keys, Home and End (a roving tab stop). */
export function moveFocus(ui, event) {
  const b = event.target.closest?.('.role-cell');
  if (!b) return;
  const cells = [...ui.table.querySelectorAll('.role-cell')];
  const H = ui.table.tHead.rows[0].cells.length - 1;
  const at = cells.indexOf(b);
  const to = { ArrowLeft: at - 1, ArrowRight: at + 1, ArrowUp: at - H, ArrowDown: at + H, Home: at - (at % H), End: at - (at % H) + H - 1 }[event.key];
  if (to === undefined || to < 0 || to >= cells.length) return;
  event.preventDefault();
  b.tabIndex = -1;
  cells[to].tabIndex = 0;
  cells[to].focus();
}

/** The legend: each role's colour, name, definition and chance level. */
export function renderLegend(ui, roles, lang) {
  ui.legend.replaceChildren(...ROLES.map((r) => {
    const li = el('li');
    li.dataset.role = r;
    li.append(el('span', 'swatch', t(`roles.short.${r}`, {}, lang)), el('b', null, t(`roles.role.${r}`, {}, lang)),
      ` ${t(`roles.define.${r}`, {}, lang)}${roles ? ` ${t('roles.chance', { p: two(roles.chance[r]) }, lang)}` : ''}`);
    return li;
  }));
}

/** The opened head: its four scores and its attention map over `labels`. */
export function renderDetail(ui, { roles, attention, labels, layer, head, width }, lang) {
  const [, H, T] = attention.shape;
  const name = roles.names[layer][head];
  const named = name ? t('roles.named', { role: t(`roles.role.${name}`, {}, lang) }, lang) : t('roles.unnamed', {}, lang);
  const bars = el('div', 'bars');
  for (const r of ROLES) {
    const s = roles.scores[r][layer][head];
    const bar = el('span', 'bar');
    bar.dataset.role = r;
    bar.style.width = `${Math.max(0.5, (s || 0) * 100)}%`;
    const track = el('span', 'track');
    track.append(bar);
    bars.append(el('span', 'name', t(`roles.role.${r}`, {}, lang)), track, el('span', 'value', two(s)));
  }
  const map = new AttnHeatmap();
  map.setAttribute('row-title', t('heatmap.queries', {}, lang));
  map.setAttribute('col-title', t('heatmap.keys', {}, lang));
  map.setAttribute('show-values', 'false');
  if (lang) map.setAttribute('lang', lang);
  // as wide as the element allows, and at most ~640 px tall
  const cell = fitCell(T, Math.max(240, width - 8), labelRoom(t('heatmap.queries', {}, lang), labels), { max: Math.max(2, Math.min(24, Math.floor(640 / T))) }).cell;
  map.setAttribute('cell-size', String(cell));
  map.tokens = labels;
  const base = (layer * H + head) * T * T;
  map.data = { data: attention.data.slice(base, base + T * T), shape: [T, T] };
  ui.detail.replaceChildren(el('h4', null, t('roles.detail', { l: layer, h: head, named }, lang)), bars,
    el('p', 'note', t('roles.detail.map', {}, lang)), map);
  ui.detail.hidden = false;
}
