// The figures README.md and docs/*.md quote, each computed from the latest
// recorded run of its group (runs.js), so two docs cannot quote the same
// measurement differently. A doc writes a figure as
//   <!-- figure:NAME -->text<!-- /figure -->
// and `node scripts/docs-figures.js` rewrites the text. Add a figure here
// before quoting a new measurement.
import { centre, column, latest, tableOf } from './runs.js';
import { formatValue, machineLabel, runsLabel } from './render.js';

/** "1.34–1.40×", or "1.22×" when the rows agree to the digits shown. */
function range(values, digits, unit) {
  const lo = Math.min(...values).toFixed(digits);
  const hi = Math.max(...values).toFixed(digits);
  return lo === hi ? `${lo}${unit}` : `${lo}–${hi}${unit}`;
}

/** The range of column `key` over the rows of table `id` matching `rows`. */
const spread = (id, key, rows, digits = 2, unit = '×') => (run) => range(column(tableOf(run, id), key, rows).map((c) => centre(c.cell)), digits, unit);

/** One cell's median with a unit. */
const one = (id, key, row, digits, unit) => (run) => {
  const [c] = column(tableOf(run, id), key, row);
  return `${centre(c.cell).toFixed(digits)}${unit}`;
};

const value = (key) => (run) => formatValue(run.values[key]);

const MATMUL = /^matmul/;
const ATTENTION = /^attention .*\d$/; // not causal
const CAUSAL = /^attention .*causal/;
const BLOCK = /^transformerBlock/;

function compareFigures(group, where) {
  return {
    [`${group}.matmul`]: { group, about: `matmul, attnscope ÷ the faster of onnxruntime-web and tfjs-wasm, ${where}`, text: spread('compare', 'ratio', MATMUL) },
    [`${group}.attention`]: { group, about: `attention (not causal), attnscope ÷ the faster runtime, ${where}`, text: spread('compare', 'ratio', ATTENTION) },
    [`${group}.causal`]: { group, about: `causal attention, attnscope ÷ the faster runtime, ${where}`, text: spread('compare', 'ratio', CAUSAL) },
    [`${group}.block`]: { group, about: `transformer block, attnscope ÷ onnxruntime-web, ${where}`, text: spread('compare', 'ratio', BLOCK) },
  };
}

/**
 * name → {group (or groups), about, text(run or runs)}. `about` says what
 * the figure is, for the table of quoted figures in docs/BENCHMARKS.md.
 */
export const FIGURES = {
  ...compareFigures('compare-node', 'Node, CPU time'),
  ...compareFigures('compare-chromium', 'headless Chromium, wall-clock'),
  ...compareFigures('compare-chromium-fma', 'headless Chromium running wasm-simd-fma (relaxed SIMD), wall-clock'),
  'compare-chromium-fma.run': { group: 'compare-chromium-fma', about: 'the side-by-side run with the fused kernels', text: machineLabel },
  'compare.run': { groups: ['compare-node', 'compare-chromium-fma'], about: 'the side-by-side runs', text: (runs) => runsLabel(runs) },
  'threads.attention': { group: 'threads', about: 'attention and flash attention (H 8, N 2048, D 64), threads ÷ one thread, 2 cores', text: spread('threads', 'speedup', /attention/) },
  'threads.train': { group: 'threads', about: 'training step of the chars model, threads ÷ one thread, 2 cores', text: spread('threads', 'speedup', /^training/) },
  'threads.run': { group: 'threads', about: 'the threads run', text: machineLabel },
  'train-step.wasm': { group: 'train-step', about: 'training step, attnscope wasm-SIMD time ÷ PyTorch (OpenBLAS, one thread)', text: spread('train', 'overTorch', /wasm-SIMD/) },
  'train-step.native': { group: 'train-step', about: 'training step, attnscope native time ÷ PyTorch (OpenBLAS, one thread)', text: spread('train', 'overTorch', /native/) },
  'train-step.wasm-ms': { group: 'train-step', about: 'training step, attnscope wasm-SIMD, CPU ms', text: one('train', 'ms', /wasm-SIMD/, 0, ' ms') },
  'train-step.native-ms': { group: 'train-step', about: 'training step, attnscope native, CPU ms', text: one('train', 'ms', /native/, 0, ' ms') },
  'train-step.pytorch-ms': { group: 'train-step', about: 'training step, PyTorch 1.13 with OpenBLAS on one thread, CPU ms', text: one('train', 'ms', /^PyTorch/, 0, ' ms') },
  'train-step.run': { group: 'train-step', about: 'the training-step run', text: machineLabel },
  'generation.q8-15m-node': { group: 'generation', about: 'generation on the 15M shape, Q8_0 ÷ float32 tokens/s, wasm in Node', text: one('q8', 'node', /^15m$/, 2, '×') },
  'generation.q8-15m-chromium': { group: 'generation', about: 'generation on the 15M shape, Q8_0 ÷ float32 tokens/s, wasm in headless Chromium', text: one('q8', 'chromium', /^15m$/, 2, '×') },
  'generation.q8-gpt2-node': { group: 'generation', about: 'generation on the GPT-2-124M shape, Q8_0 ÷ float32 tokens/s, wasm in Node', text: one('q8', 'node', /^gpt2-124m$/, 2, '×') },
  'generation.q8-gpt2-chromium': { group: 'generation', about: 'generation on the GPT-2-124M shape, Q8_0 ÷ float32 tokens/s, wasm in headless Chromium', text: one('q8', 'chromium', /^gpt2-124m$/, 2, '×') },
  'generation.run': { group: 'generation', about: 'the generation run', text: machineLabel },
  'bench.run': { group: 'bench', about: 'the npm run bench run', text: machineLabel },
  'chars-q8.heldout-delta': { group: 'chars-q8', about: 'held-out loss of chars-q8 minus that of chars', text: value('heldOutDelta') },
  'tokenizer.train-bpe': { group: 'tokenizer', about: 'Tokenizer.trainBpe, 4096 tokens from Pride and Prejudice, Node', text: value('trainBpe') },
  'hf-memory.over-file': { group: 'hf-memory', about: 'loading a 498 MB float32 Hugging Face folder in Chromium, the tab\'s peak memory ÷ the file (page and Worker)', text: spread('memory', 'overFile', /./, 1) },
  'tokenizer.run': { group: 'tokenizer', about: 'the tokenizer run', text: machineLabel },
};

/** The text of figure `name` from `runs`; throws for an unknown name. */
export function figureText(runs, name) {
  const f = FIGURES[name];
  if (!f) throw new Error(`unknown figure "${name}" (scripts/docs/figures.js lists the figures)`);
  return f.groups ? f.text(f.groups.map((g) => latest(runs, g))) : f.text(latest(runs, f.group));
}

/** The table of every quoted measurement (labels of runs left out): name, value, what it is, the run. */
export function figuresTable(runs) {
  const rows = Object.entries(FIGURES).filter(([name, f]) => f.group && !name.endsWith('.run')).map(([name, f]) => {
    const run = latest(runs, f.group);
    return `| \`${name}\` | ${figureText(runs, name)} | ${f.about} | ${machineLabel(run)} (\`docs/bench/${run.file}\`) |`;
  });
  return ['| figure | value | what | run |', '| --- | ---: | --- | --- |', ...rows].join('\n');
}
