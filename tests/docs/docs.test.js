// README.md and docs/*.md name only links, files, API names, elements,
// attributes and package exports that exist (check.js); and the check finds
// each kind of mistake it is there for. Run: node --test tests/docs/
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { anchorsOf, checkDocs, slug } from './check.js';

test('README and docs: every link, path and name exists', () => {
  const problems = checkDocs();
  assert.deepEqual(problems, [], `\n${problems.join('\n')}\n`);
});

// Each line below is one mistake, checked as if it stood in docs/GUIDE.md.
const MISTAKES = {
  'a missing file': ['See [the guide](NOPE.md).', /link NOPE\.md: no such file/],
  'a missing heading': ['See [threads](DEPLOY.md#no-such-heading).', /no heading #no-such-heading in docs\/DEPLOY\.md/],
  'a link out of the repository': ['See [design](../../shared/DESIGN.md).', /outside the repository/],
  'a missing path in code': ['Types: `web/widgets/topics.d.ts`.', /path web\/widgets\/topics\.d\.ts: no such file/],
  'a package path to a missing file': ['<script src="node_modules/attnscope/web/widget/index.js">', /path node_modules\/attnscope\/web\/widget\/index\.js/],
  'a document not in the repository': ['Read `STYLE.md` first.', /STYLE\.md: no such file in the repository/],
  'a folder outside the repository': ['It is in `../../shared/`.', /\.\.\/\.\.\/shared\/: outside the repository/],
  'an API name that does not exist': ['Call `attn.scaledDotAttention(q, k, v)`.', /attn\.scaledDotAttention: not declared/],
  'a class member that does not exist': ['`attn.Model.fromGpt3(bytes)`', /attn\.Model\.fromGpt3: Model declares no fromGpt3/],
  'an element that does not exist': ['`<attn-heatmaps tokens="a b">`', /<attn-heatmaps>: no such element/],
  'an attribute no type documents': ['`<attn-heatmap tokens="the cat" colour-scale="red">`', /<attn-heatmap colour-scale>: .* do not document/],
  'an import the package does not export': ["import 'attnscope/widget';", /'attnscope\/widget': not an export/],
};

for (const [what, [line, expected]] of Object.entries(MISTAKES)) {
  test(`finds ${what}`, () => {
    const problems = checkDocs({ 'docs/GUIDE.md': `# Guide\n\n${line}\n` });
    assert.equal(problems.length, 1, problems.join('\n') || 'no problem found');
    assert.match(problems[0], expected);
    assert.match(problems[0], /^docs\/GUIDE\.md:3: /);
  });
}

test('accepts what exists: links, anchors, paths, names, documented and global attributes, exports', () => {
  const ok = [
    'See [deploying](DEPLOY.md), [the README](../README.md#layout) and [below](#guide).',
    'Built into `dist/site/` and `web/lib/wasm/attnscope-simd.wasm`; served by `scripts/serve.js`.',
    '`attn.scaledDotProductAttention`, `attn.Model.default("chars")`, `attn.MAX_ELEMENTS`; GPT-2 names `h.0.attn.c_proj.weight`.',
    '`<attn-heatmap id="x" class="y" tokens="the cat sat" causal data-k="1" aria-label="z"></attn-heatmap>`',
    "import 'attnscope/widgets'; import * as attn from 'attnscope';",
  ];
  assert.deepEqual(checkDocs({ 'docs/GUIDE.md': `# Guide\n\n${ok.join('\n')}\n` }), []);
});

test('heading ids as GitHub makes them', () => {
  assert.equal(slug('Threads (COOP/COEP)'), 'threads-coopcoep');
  assert.equal(slug('Side by side: onnxruntime-web and tfjs-backend-wasm'), 'side-by-side-onnxruntime-web-and-tfjs-backend-wasm');
  assert.deepEqual([...anchorsOf('# A\n## A\n```\n# not a heading\n```\n<a id="x"></a>')], ['a', 'a-1', 'x']);
});
