// Marked regions of a Markdown file and the figures outside them.
//   <!-- figure:NAME -->…<!-- /figure -->
// (a marker right after a backtick is text about markers, not a region).
// NAME is a figure of figures.js (inline text), `results:GROUP` or
// `results:GROUP:TABLE,TABLE` (a group's current results, per CPU kind), or
// `quoted` (the table of every quoted figure). Everything between the
// markers is generated; everything outside them is prose, in which a
// benchmark figure (a speed ratio, GFLOP/s, tokens/s, ms per step) is a
// mistake: it would not follow the next recorded run.
import { figureText, figuresTable } from './figures.js';
import { groupResults } from './render.js';

const REGION = /(?<!`)<!-- figure:([\w.:,-]+) -->([\s\S]*?)<!-- \/figure -->/g;

/** The regions of `text`: [{name, body, start, end}]. */
export function regions(text) {
  return [...text.matchAll(REGION)].map((m) => ({ name: m[1], body: m[2], start: m.index, end: m.index + m[0].length }));
}

/** What a region named `name` holds, rendered from `runs`. */
export function render(runs, name) {
  if (name === 'quoted') return `\n\n${figuresTable(runs)}\n\n`;
  const results = /^results:([\w-]+)(?::([\w,-]+))?$/.exec(name);
  if (results) return `\n\n${groupResults(runs, results[1], results[2]?.split(','))}\n\n`;
  return figureText(runs, name);
}

/** `text` with every region's body rendered afresh. */
export function rewrite(text, runs) {
  return text.replace(REGION, (m, name) => `<!-- figure:${name} -->${render(runs, name)}<!-- /figure -->`);
}

/** The names of the regions of `text` whose body differs from what `runs` give. */
export function staleRegions(text, runs) {
  return regions(text).filter((r) => r.body !== render(runs, r.name)).map((r) => r.name);
}

// A figure is a number with a speed unit, or a ratio (1.4×, 1.2–1.6×) in a
// sentence about speed. Counts such as "3×4", "the 20× rule" or "N spans
// 70×" have no speed word near them.
const UNIT = /\d(?:[\d.,]*\d)?\s*(?:GFLOP\/s|GB\/s|tok\/s|tokens\/s|tokens per second|ms\s*\/\s*step|ms (?:per|a) step|ms of CPU)/;
const RATIO = /\d(?:\.\d+)?(?:[–-]\d(?:\.\d+)?)?\)?[×x](?![\d\w])/;
const SPEED = /\b(?:faster|slower|speed(?:-up|s)?|PyTorch|onnxruntime|tfjs|llama2\.c|run\.c|time|throughput)\b/i;

/** `text` with its regions blanked out (line breaks kept, so line numbers still hold). */
const outsideRegions = (text) => text.replace(REGION, (m) => m.replace(/[^\n]/g, ' '));

/** Paragraphs with their first line number; a blank line ends one, a list item, table row, heading or fence starts one. */
function paragraphs(text) {
  const out = [];
  let open = false;
  text.split('\n').forEach((line, i) => {
    if (!line.trim()) { open = false; return; }
    if (open && !/^\s*(?:[-*+] |\d+[.)] |\||#|```)/.test(line)) out.at(-1).text += ` ${line.trim()}`;
    else out.push({ line: i + 1, text: line.trim() });
    open = true;
  });
  return out;
}

/** Sentences of `text` outside its regions that quote a benchmark figure: [{line, sentence}]. */
export function strayFigures(text) {
  const found = [];
  for (const p of paragraphs(outsideRegions(text))) {
    for (const sentence of p.text.split(/(?<=[.!?])\s+(?=[^a-z])/)) {
      if (UNIT.test(sentence) || (RATIO.test(sentence) && SPEED.test(sentence))) found.push({ line: p.line, sentence });
    }
  }
  return found;
}
