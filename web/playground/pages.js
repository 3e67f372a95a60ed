// Every page of the playground, once: <attn-site-nav> draws its links from
// this list, the home page its map of topics, page-template.js each page's
// head, nav and footer, the production build its inputs, and the site-wide
// browser tests visit every entry. Adding a page is one line here and a file
// with its body (node scripts/page-convert.js turns a whole page written out
// in full into one).
//   path    file name under web/playground/ (the page's body; a standalone page is a whole document)
//   nav     short key (the nav marks the current page by it; tests name screenshots by it); the page's script is <nav>.js
//   group   the GROUPS id the site nav files it under (the home page has none: the brand links it)
//   title   {ja, en}: the link text and the page's heading
//   topics  lecture topic ids (topics.js) the page teaches, in order
//   widgets the custom elements the page is built from
//   css     the page's own stylesheets, after site.css
//   main    'single' (one column) or 'columns' (controls beside the result): the template opens <main> with the
//           page's heading and lede (its `title` and `lede` messages); none: the page's file has its own
//   footer  'backend': what computed the numbers and the backend; 'text': the first alone; none: no footer
//   standalone  true for a page that shows an author's plain page (no site nav or page script)

// The site nav's menus, in this order; each page's `group` names one.
export const GROUPS = [
  { id: 'basics', title: { ja: '基礎', en: 'Basics' } },
  { id: 'positions', title: { ja: '位置', en: 'Positions' } },
  { id: 'efficiency', title: { ja: '効率', en: 'Efficiency' } },
  { id: 'models', title: { ja: 'モデルと学習', en: 'Models & training' } },
  { id: 'experiments', title: { ja: '実験', en: 'Experiments' } },
  { id: 'practice', title: { ja: '演習と教材', en: 'Practice' } },
];

export const PAGES = [
  { path: 'index.html', nav: 'home', title: { ja: 'ホーム', en: 'Home' }, topics: [], widgets: ['attn-heatmap'], css: ['lab.css', 'home.css'] },
  { path: 'basics.html', nav: 'basics', group: 'basics', title: { ja: 'ベクトルからアテンションへ', en: 'From vectors to attention' }, topics: ['linear-algebra', 'attention'], widgets: ['attn-vectors', 'attn-matmul-steps', 'attn-kernel-vs-attention', 'attn-cross-attention', 'attn-residual-gradient'], css: ['lab.css', 'block.css', 'topics.css'], footer: 'backend', main: 'single' },
  { path: 'lab.html', nav: 'lab', group: 'basics', title: { ja: 'アテンション・ラボ', en: 'Attention lab' }, topics: ['attention'], widgets: ['attn-heatmap', 'attn-matrix-input'], css: ['lab.css'], footer: 'backend', main: 'columns' },
  { path: 'masks.html', nav: 'masks', group: 'basics', title: { ja: 'マスクとバイアス', en: 'Masks and biases' }, topics: ['masks', 'alibi', 'efficient-attention'], widgets: ['attn-mask-grid', 'attn-bias-map'], css: ['lab.css', 'block.css'], footer: 'backend', main: 'single' },
  { path: 'block.html', nav: 'block', group: 'basics', title: { ja: 'ブロック探検', en: 'Block explorer' }, topics: ['multi-head', 'normalisation', 'blocks'], widgets: ['attn-block-explorer', 'attn-tensor-view', 'attn-stepper'], css: ['lab.css', 'block.css'], footer: 'backend', main: 'columns' },
  { path: 'models.html', nav: 'models', group: 'models', title: { ja: '小さなモデル', en: 'Tiny models' }, topics: ['language-model', 'in-context-learning'], widgets: ['attn-tiny-gpt'], css: ['lab.css', 'block.css', 'models.css'], footer: 'backend', main: 'single' },
  { path: 'train.html', nav: 'train', group: 'models', title: { ja: '学習', en: 'Train' }, topics: ['language-model'], widgets: ['attn-train'], css: ['lab.css', 'block.css', 'train.css'], footer: 'backend', main: 'single' },
  { path: 'lecture.html', nav: 'lecture', group: 'practice', title: { ja: '講義ページの例', en: 'Lecture example' }, topics: ['positional-encoding', 'rope'], widgets: ['attn-heatmap', 'attn-exercise'], css: ['lecture.css'] },
  { path: 'exercises.html', nav: 'exercises', group: 'practice', title: { ja: '練習問題', en: 'Exercises' }, topics: [], widgets: ['attn-exercise'], css: ['lecture.css', 'exercises.css'] },
  { path: 'positions.html', nav: 'positions', group: 'positions', title: { ja: '位置の表し方', en: 'Positions' }, topics: ['positional-encoding', 'rope', 'alibi'], widgets: ['attn-rope-dial', 'attn-sinusoidal', 'attn-rope-decay', 'attn-permutation'], css: ['lab.css', 'block.css', 'topics.css'], footer: 'backend', main: 'single' },
  { path: 'efficiency.html', nav: 'efficiency', group: 'efficiency', title: { ja: '効率', en: 'Efficiency' }, topics: ['efficient-attention', 'multi-head', 'sequence-models'], widgets: ['attn-flash-tiles', 'attn-attention-traffic', 'attn-kv-cache', 'attn-linear-attention', 'attn-sequence-cost'], css: ['lab.css', 'block.css', 'topics.css'], footer: 'backend', main: 'single' },
  { path: 'ssm.html', nav: 'ssm', group: 'efficiency', title: { ja: '状態空間モデル', en: 'State-space models' }, topics: ['sequence-models', 'efficient-attention'], widgets: ['attn-ssm'], css: ['lab.css', 'block.css', 'topics.css'], footer: 'backend', main: 'single' },
  { path: 'in-context.html', nav: 'in-context', group: 'experiments', title: { ja: '文脈内学習は勾配降下', en: 'In-context learning as GD' }, topics: ['in-context-learning'], widgets: ['attn-in-context', 'attn-line-chart'], css: ['lab.css', 'block.css', 'experiments.css'], footer: 'text', main: 'single' },
  { path: 'scaling.html', nav: 'scaling', group: 'models', title: { ja: 'スケーリング則', en: 'Scaling laws' }, topics: ['scaling-laws'], widgets: ['attn-scaling-laws', 'attn-emergence', 'attn-line-chart'], css: ['lab.css', 'block.css', 'experiments.css'], footer: 'text', main: 'single' },
  { path: 'grokking.html', nav: 'grokking', group: 'experiments', title: { ja: 'グロッキング', en: 'Grokking' }, topics: ['language-model'], widgets: ['attn-grokking', 'attn-line-chart'], css: ['lab.css', 'block.css', 'experiments.css'], footer: 'text', main: 'single' },
  { path: 'norm-placement.html', nav: 'norm-placement', group: 'experiments', title: { ja: 'Pre-LN と Post-LN', en: 'Pre-LN and post-LN' }, topics: ['normalisation'], widgets: ['attn-norm-placement', 'attn-line-chart'], css: ['lab.css', 'block.css', 'experiments.css'], footer: 'text', main: 'single' },
  { path: 'scaling-sweep.html', nav: 'scaling-sweep', group: 'models', title: { ja: 'スケーリングを測る', en: 'Scaling sweep' }, topics: ['scaling-laws'], widgets: ['attn-scaling-sweep', 'attn-line-chart'], css: ['lab.css', 'block.css', 'experiments.css'], footer: 'text', main: 'single' },
  { path: 'position-extrapolation.html', nav: 'position-extrapolation', group: 'positions', title: { ja: '学習時より長い位置', en: 'Positions beyond L' }, topics: ['positional-encoding', 'rope', 'alibi'], widgets: ['attn-position-extrapolation', 'attn-line-chart'], css: ['lab.css', 'block.css', 'experiments.css'], footer: 'text', main: 'single' },
  { path: 'kv-heads.html', nav: 'kv-heads', group: 'experiments', title: { ja: 'MHA・GQA・MQA を比べる', en: 'MHA, GQA and MQA' }, topics: ['multi-head', 'efficient-attention'], widgets: ['attn-kv-head-sharing', 'attn-line-chart'], css: ['lab.css', 'block.css', 'experiments.css'], footer: 'text', main: 'single' },
  { path: 'kv-compression.html', nav: 'kv-compression', group: 'experiments', title: { ja: 'KV キャッシュの圧縮', en: 'KV-cache compression' }, topics: ['efficient-attention'], widgets: ['attn-kv-compression', 'attn-line-chart'], css: ['lab.css', 'block.css', 'experiments.css'], footer: 'text', main: 'single' },
  { path: 'masked-vs-causal.html', nav: 'masked-vs-causal', group: 'experiments', title: { ja: 'GPT と BERT を比べる', en: 'GPT and BERT' }, topics: ['language-model', 'masks'], widgets: ['attn-masked-vs-causal', 'attn-line-chart', 'attn-heatmap'], css: ['lab.css', 'block.css', 'experiments.css'], footer: 'text', main: 'single' },
  { path: 'induction-heads.html', nav: 'induction-heads', group: 'experiments', title: { ja: '誘導ヘッドができるまで', en: 'Induction heads' }, topics: ['in-context-learning', 'multi-head'], widgets: ['attn-induction-heads', 'attn-line-chart'], css: ['lab.css', 'block.css', 'experiments.css'], footer: 'text', main: 'single' },
  { path: 'embed.html', nav: 'embed', group: 'practice', title: { ja: '埋め込みの例', en: 'Embedding example' }, topics: [], widgets: ['attn-heatmap'], standalone: true },
  { path: 'widgets.html', nav: 'widgets', group: 'practice', title: { ja: 'ウィジェット一覧', en: 'Widget reference' }, topics: [], widgets: [], css: ['widgets.css'] },
];

/** The entry of the page at `pathname` (a URL path; a folder means its index.html), or undefined. */
export function pageAt(pathname) {
  const file = decodeURIComponent(pathname.split('/').pop() || 'index.html');
  return PAGES.find((p) => p.path === file);
}

/** The pages that teach topic `id`. */
export const pagesFor = (id) => PAGES.filter((p) => p.topics.includes(id));

/** The pages filed under group `id`, in PAGES order. */
export const pagesIn = (id) => PAGES.filter((p) => p.group === id);
