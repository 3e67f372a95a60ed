// The published shape of the package: `npm pack`, install the tarball into
// an empty folder, import 'attnscope' from there (Node resolves the "node"
// export) and compute. Catches files missing from package.json "files".
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync, readFileSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const npm = (args, cwd) => execFileSync('npm', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
const run = promisify(execFile);

/**
 * Writes every js block of each [doc, at least this many] as a module in
 * `dir` (the consumer folder) and runs them: a doc's blocks in order (one may
 * read what an earlier one wrote), the docs side by side. The messages of
 * those that failed.
 */
async function failingExamples(dir, docs) {
  const failures = [];
  await Promise.all(docs.map(async ([doc, least]) => {
    const blocks = [...readFileSync(join(ROOT, doc), 'utf8').matchAll(/```js\n([\s\S]*?)```/g)].map((g) => g[1]);
    assert.ok(blocks.length >= least, `found ${blocks.length} examples in ${doc}`);
    for (const [i, code] of blocks.entries()) {
      const file = `${basename(doc, '.md').toLowerCase()}-${i}.mjs`;
      writeFileSync(join(dir, file), code);
      try {
        await run('node', [file], { cwd: dir });
      } catch (e) {
        failures.push(`${doc} example ${i + 1} failed:\n${code}\n${e.stderr}`);
      }
    }
  }));
  return failures;
}

test('the packed tarball installs into an empty folder and computes softmax', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'attnscope-pack-'));
  try {
    const name = npm(['pack', '--silent', '--pack-destination', dir], ROOT).trim().split('\n').pop();
    writeFileSync(join(dir, 'package.json'), '{"name":"consumer","private":true,"type":"module"}');
    npm(['install', '--no-audit', '--no-fund', '--offline', join(dir, name)], dir);
    for (const f of ['attnscope-simd.wasm', 'attnscope-scalar.wasm', 'attnscope-simd.js', 'attnscope-scalar.js',
      'attnscope-simd-threads.js', 'attnscope-simd-threads.wasm', 'attnscope-simd-threads.worker.js',
      'node/attnscope-simd-threads.js', 'node/attnscope-simd-threads.wasm', 'node/attnscope-simd-threads.worker.js',
      'node/package.json']) {
      assert.ok(existsSync(join(dir, 'node_modules/attnscope/web/lib/wasm', f)), `${f} is in the package`);
    }
    assert.ok(existsSync(join(dir, 'node_modules/attnscope/web/lib/index.d.ts')), 'types are in the package');
    // The default models (Model.default) and the worker script of ModelWorker.
    for (const f of ['web/models/chars.bin', 'web/models/chars.tokenizer.bin', 'web/models/sort.bin',
      'web/models/sort.tokenizer.bin', 'web/models/models.json', 'web/models/chars-q8.bin', 'web/models/words-q8.bin',
      'web/models/words.tokenizer.json', 'web/lib/worker/model_worker_main.js']) {
      assert.ok(existsSync(join(dir, 'node_modules/attnscope', f)), `${f} is in the package`);
    }
    // The tokenizer (pure JS, one file per part) and its types.
    for (const f of ['web/lib/tokenizer/tokenizer.js', 'web/lib/tokenizer/bpe.js', 'web/lib/tokenizer.d.ts']) {
      assert.ok(existsSync(join(dir, 'node_modules/attnscope', f)), `${f} is in the package`);
    }
    // Exercises: the engine, the code sandbox page and the local KaTeX (built by scripts/vendor-katex.js).
    for (const f of ['web/exercises/index.js', 'web/exercises/sandbox/frame.html', 'web/exercises/sandbox/frame.js',
      'web/vendor/katex/katex.mjs', 'web/vendor/katex/katex.min.css', 'web/vendor/katex/LICENSE']) {
      assert.ok(existsSync(join(dir, 'node_modules/attnscope', f)), `${f} is in the package`);
    }
    // Experiments (attnscope/experiments): the runs, their Worker and the reference data the pages show.
    for (const f of ['web/experiments/index.js', 'web/experiments/index.d.ts', 'web/experiments/worker.js',
      'web/experiments/reference/in-context-regression.json']) {
      assert.ok(existsSync(join(dir, 'node_modules/attnscope', f)), `${f} is in the package`);
    }
    // The widgets folder a lecture page loads (from a copy or a CDN that serves npm packages; npm pack builds it).
    for (const f of ['dist/widgets/index.js', 'dist/widgets/attn-heatmap.js', 'dist/widgets/exercises/sandbox/frame.html', 'dist/widgets/LICENSE']) {
      assert.ok(existsSync(join(dir, 'node_modules/attnscope', f)), `${f} is in the package`);
    }
    // One element's module: 'attnscope/widgets/<tag>' resolves to its define module (a bundler imports it; Node has no DOM).
    writeFileSync(join(dir, 'resolve.mjs'), `
      console.log(JSON.stringify(['attnscope/widgets', 'attnscope/widgets/attn-heatmap', 'attnscope/widgets/attn-tiny-gpt'].map((s) => import.meta.resolve(s).split('/attnscope/')[1])));
    `);
    assert.deepEqual(JSON.parse(execFileSync('node', ['resolve.mjs'], { cwd: dir, encoding: 'utf8' })),
      ['web/widgets/index.js', 'web/widgets/define/attn-heatmap.js', 'web/widgets/define/attn-tiny-gpt.js']);
    // The docs a user reads from node_modules, and the recorded runs their figures come from.
    for (const f of ['README.md', 'CHANGELOG.md', 'SECURITY.md', 'LICENSE', 'docs/ARCHITECTURE.md', 'docs/CONTRIBUTING.md',
      'docs/BENCHMARKS.md', 'docs/benchmarks-history.md', 'docs/bench/2026-11-26-compare-node.json']) {
      assert.ok(existsSync(join(dir, 'node_modules/attnscope', f)), `${f} is in the package`);
    }
    writeFileSync(join(dir, 'exercise.mjs'), `
      import * as attn from 'attnscope';
      import { loadExercise, prepare, checkTyped } from 'attnscope/exercises';
      await attn.ready();
      const prepared = prepare((await loadExercise({ id: 'pe-norm' })).exercise, attn);
      console.log(JSON.stringify([checkTyped(prepared, 'sqrt(8)').correct, checkTyped(prepared, 'sqrt(16)').mistake]));
    `);
    assert.deepEqual(JSON.parse(execFileSync('node', ['exercise.mjs'], { cwd: dir, encoding: 'utf8' })), [true, 'sqrt-d']);
    writeFileSync(join(dir, 'use.mjs'), `
      import * as attn from 'attnscope';
      await attn.ready();
      const y = attn.softmax(attn.tensor(new Float32Array([0, Math.log(3)])));
      console.log(JSON.stringify({ backend: attn.backend(), y: Array.from(y.data) }));
    `);
    const out = JSON.parse(execFileSync('node', ['use.mjs'], { cwd: dir, encoding: 'utf8' }));
    // The word model loads from the installed package (its tokenizer.json read by attn.Tokenizer).
    writeFileSync(join(dir, 'words.mjs'), `
      import * as attn from 'attnscope';
      const model = await attn.Model.default('words');
      const ids = model.encode('Mr. Darcy');
      console.log(JSON.stringify({ kind: model.config.tokenizer, text: model.decode(ids), n: model.forward(ids).logits.shape }));
    `);
    assert.deepEqual(JSON.parse(execFileSync('node', ['words.mjs'], { cwd: dir, encoding: 'utf8' })),
      { kind: 'byte-level-bpe', text: 'Mr. Darcy', n: [4, 4096] });
    assert.ok(['wasm-simd', 'wasm-scalar'].includes(out.backend));
    // softmax([0, ln 3]) = [1/4, 3/4] exactly in real arithmetic.
    assert.ok(Math.abs(out.y[0] - 0.25) < 1e-6 && Math.abs(out.y[1] - 0.75) < 1e-6, `got ${out.y}`);

    // The README's example, run as a user would paste it.
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    const block = readme.split('<!-- example:start -->')[1].split('<!-- example:end -->')[0];
    writeFileSync(join(dir, 'readme.mjs'), block.replace(/```js|```/g, ''));
    const line = execFileSync('node', ['readme.mjs'], { cwd: dir, encoding: 'utf8' }).trim();
    const m = line.match(/^wasm-(simd|scalar) \[ 3, 3 \] ([\d. ]+)$/);
    assert.ok(m, `README example printed: ${line}`);
    const w = m[2].split(' ').map(Number);
    // Causal 3x3: nothing above the diagonal, each row sums to 1 (3 decimals printed).
    assert.deepEqual([w[1], w[2], w[5]], [0, 0, 0]);
    for (let r = 0; r < 3; r++) assert.ok(Math.abs(w[3 * r] + w[3 * r + 1] + w[3 * r + 2] - 1) <= 0.002, line);

    // Every js block of docs/GUIDE.md, docs/TRAINING.md (training in Node) and
    // docs/EXPERIMENTS.md (attnscope/experiments) is a complete module; each must run cleanly.
    assert.deepEqual(await failingExamples(dir, [['docs/GUIDE.md', 6], ['docs/TRAINING.md', 3], ['docs/EXPERIMENTS.md', 2]]), []);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
