// <attn-exercise exercise="rope-relative"> (built-in) or
// <attn-exercise src="./my-pack.json#my-id"> (an author's pack): one
// exercise, checked in the page against the attnscope core. Code answers run
// in the sandbox (exercises/sandbox), never in this page. Progress is kept in
// the learner's localStorage. See docs/EXERCISES.md and index.d.ts.
import * as attn from '../lib/index.js';
import { loadExercise } from '../exercises/load.js';
import { prepare, checkTyped, checkChoice, checkCode, revealAnswer, isRandom } from '../exercises/engine/check.js';
import { describeResult } from '../exercises/engine/feedback.js';
import { fillPlaceholders } from '../exercises/engine/markdown.js';
import { createProgressStore } from '../exercises/engine/progress.js';
import { runCode, warmUp } from '../exercises/sandbox/client.js';
import { ExerciseView } from './exercise-view.js';
import { loadMath } from './math.js';
import { t, langFor } from './i18n.js';
import { AttnElement } from './attn-element.js';
import { answerCaption } from './exercise-messages.js';

const store = createProgressStore();
const REVEAL_AFTER = 2; // attempts before "Show the answer" is offered

export class AttnExercise extends AttnElement {
  static tag = 'attn-exercise';

  static get observedAttributes() { return ['exercise', 'src', 'seed', 'variant', 'lang']; }

  #view; #token = 0; #stale = true;
  #exercise = null; #key = null; #prepared = null; #variant = 0;
  #result = null; #message = null; #revealed = false; #busy = false; #lang = null;

  constructor() {
    super();
    this.#view = new ExerciseView(this.attachShadow({ mode: 'open' }), {
      check: () => this.check(), hint: () => this.#hint(), reveal: () => this.#reveal(),
      another: () => this.#another(), reset: () => this.resetProgress(),
    });
  }

  languageChanged() { this.#paint(); }

  attributeChanged(name) {
    if (name === 'lang') this.#paint();
    else { this.#stale = true; this.schedule(); }
  }

  /** Loads the exercise the attributes name, unless it is already loaded. */
  render() {
    if (!this.#stale) return;
    this.#stale = false;
    this.#load();
  }

  /** The exercise definition once loaded (null before). */
  get definition() { return this.#exercise; }
  /** What answers are compared with: {inputs, expected, mistakes} or {cases} (code); for tools and tests. */
  get prepared() { return this.#prepared; }
  /** The last check's result ({correct, reason, mistake?, …}), or null. */
  get result() { return this.#result; }
  /** {attempts, solved, revealed, hints} from the learner's storage. */
  get progress() { return this.#key ? store.get(this.#key) : null; }
  /** The answer as entered: text, code, or the chosen option's index. */
  get answer() { return this.#view.answer; }
  set answer(v) { this.#view.answer = v; }

  async #load() {
    const token = ++this.#token;
    this.#exercise = null;
    this.#view.showStatus(t('exercise.loading', {}, langFor(this)));
    try {
      const src = this.getAttribute('src');
      const where = src ? { src, base: document.baseURI } : { id: this.getAttribute('exercise') };
      const [{ exercise, key }] = await Promise.all([loadExercise(where), attn.ready(), loadMath()]);
      if (token !== this.#token) return;
      this.#exercise = exercise;
      this.#key = key;
      this.#variant = this.#int('variant', 0);
      this.#result = this.#message = null;
      this.#revealed = store.get(key).revealed;
      this.#prepared = prepare(exercise, attn, { seed: this.#int('seed', exercise.seed ?? 1), variant: this.#variant });
      this.#view.build(exercise.kind, exercise.choices?.length ?? 0);
      this.#lang = langFor(this);
      if (exercise.kind === 'code') { this.#view.answer = this.#starter(this.#lang); warmUp(); }
      this.#paint();
      this.dispatchEvent(new CustomEvent('ready', { detail: { id: exercise.id, key } }));
    } catch (e) {
      if (token !== this.#token) return;
      const message = e?.message ?? String(e);
      this.#view.showStatus(t('exercise.error', {}, langFor(this)) + message, { error: true });
      this.dispatchEvent(new CustomEvent('error', { detail: { message } }));
    }
  }

  #int(name, fallback) {
    const s = this.getAttribute(name);
    const v = s === null ? NaN : Number(s);
    return Number.isInteger(v) && v >= 0 ? v : fallback;
  }

  #starter(lang) {
    const s = this.#exercise.code.starter;
    return typeof s === 'string' ? s : s[lang] ?? s.en;
  }

  /** Checks the current answer; resolves with the result (also shown and sent as a `check` event). */
  async check() {
    const ex = this.#exercise, prepared = this.#prepared;
    if (!ex || this.#busy) return this.#result;
    const answer = this.#view.answer;
    let result;
    try {
      if (ex.kind === 'code') {
        this.#busy = true;
        this.#paint();
        try { result = await checkCode(prepared, answer, runCode); } finally { this.#busy = false; }
      } else {
        result = ex.kind === 'choice' ? checkChoice(prepared, answer) : checkTyped(prepared, answer);
      }
    } catch (e) {
      this.#message = { tone: 'bad', title: t('exercise.error', {}, langFor(this)) + (e?.message ?? e), lines: [] };
      this.#paint();
      return null;
    }
    if (prepared !== this.#prepared) return result; // reloaded meanwhile
    const before = store.get(this.#key);
    const progress = result.counts ? store.record(this.#key, result) : before;
    this.#result = result;
    this.#message = null;
    this.#paint();
    const detail = { id: ex.id, key: this.#key, correct: result.correct, reason: result.reason, mistake: result.mistake ?? null, attempts: progress.attempts };
    this.dispatchEvent(new CustomEvent('check', { detail }));
    if (result.correct && !before.solved) this.dispatchEvent(new CustomEvent('solved', { detail }));
    return result;
  }

  /** Forgets this exercise's progress (attempts, solved, hints, revealed). */
  resetProgress() {
    if (!this.#key) return;
    store.reset(this.#key);
    this.#revealed = false;
    this.#result = null;
    this.#message = { tone: 'info', title: t('exercise.resetDone', {}, langFor(this)), lines: [] };
    this.#paint();
    this.emit('progress-reset', { id: this.#exercise?.id ?? null, key: this.#key });
  }

  #hint() {
    const p = store.get(this.#key);
    store.update(this.#key, { hints: Math.min(p.hints + 1, this.#exercise.hints.length) });
    this.#paint();
  }

  #reveal() {
    this.#revealed = true;
    store.update(this.#key, { revealed: true });
    this.#paint();
  }

  #another() {
    this.#variant++;
    this.#prepared = prepare(this.#exercise, attn, { seed: this.#int('seed', this.#exercise.seed ?? 1), variant: this.#variant });
    this.#result = this.#message = null;
    if (this.#exercise.kind !== 'code') this.#view.answer = null;
    this.#paint();
  }

  #paint() {
    const ex = this.#exercise;
    if (!ex) return;
    const lang = langFor(this);
    const tt = (key, params) => t(key, params, lang);
    const pick = (text) => text[lang] ?? text.en;
    if (ex.kind === 'code' && lang !== this.#lang && this.#view.answer === this.#starter(this.#lang)) this.#view.answer = this.#starter(lang);
    this.#lang = lang;
    const { inputs } = this.#prepared;
    const fill = (text, extra) => fillPlaceholders(pick(text), { ...inputs, ...extra });
    const p = store.get(this.#key);
    const hints = Math.min(p.hints, ex.hints.length);
    const answerText = ex.kind === 'choice' ? fill(ex.choices[this.#prepared.answer]) : undefined;
    const shown = p.solved || this.#revealed;
    const answer = answerText ?? this.#prepared.expected; // {{answer}} in the explanation
    this.#view.paint({
      tag: tt('exercise.tag'), title: pick(ex.title), prompt: fill(ex.prompt), choices: ex.choices?.map((c) => fill(c)),
      caption: answerCaption(ex, this.#prepared, lang), placeholder: ex.answer?.placeholder ? pick(ex.answer.placeholder) : '',
      help: ex.kind === 'code' ? tt('exercise.codeHelp', { cases: this.#prepared.cases.length }) : '',
      solved: p.solved, solvedText: `✓ ${tt('exercise.solved')}`,
      busy: this.#busy, busyText: tt(ex.kind === 'code' ? 'exercise.running' : 'exercise.checking'), checkText: tt('exercise.check'),
      hintText: hints < ex.hints.length ? tt('exercise.hintCount', { shown: hints, total: ex.hints.length }) : tt('exercise.noMoreHints'),
      moreHints: hints < ex.hints.length,
      revealText: tt('exercise.reveal'),
      canReveal: !p.solved && !this.#revealed && (p.attempts >= REVEAL_AFTER || hints === ex.hints.length),
      anotherText: tt('exercise.another'), canAnother: ex.kind !== 'code' && isRandom(ex),
      attemptsText: p.attempts === 0 ? '' : p.attempts === 1 ? tt('exercise.attempt') : tt('exercise.attempts', { n: p.attempts }),
      resetText: tt('exercise.reset'),
      feedback: this.#result ? describeResult(this.#result, this.#prepared, lang) : this.#message,
      hints: ex.hints.slice(0, hints).map((h) => fill(h)), hintsTitle: tt('exercise.hints'),
      reveal: !this.#revealed ? null : ex.kind === 'choice' ? { title: tt('exercise.answer'), text: answerText }
        : { title: tt(ex.kind === 'code' ? 'exercise.solution' : 'exercise.answer'), code: revealAnswer(this.#prepared) },
      explanation: shown ? { title: tt('exercise.explanation'), text: fill(ex.explanation, answer === undefined ? {} : { answer }) } : null,
    });
  }
}
