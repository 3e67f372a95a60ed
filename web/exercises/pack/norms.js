// Built-in exercises: LayerNorm against L2 normalisation (values and the
// length of the result) and where the norms sit in pre-LN and post-LN blocks.
import { text, tensorOf, toNested, dot, sum, R } from './shared.js';

const layerNormOf = (attn, x) => Array.from(attn.layerNorm(tensorOf(x)).data);
const length = (v) => Math.sqrt(dot(v, v));
const mean = (x) => sum(x) / x.length;
const centred = (x) => x.map((v) => v - mean(x));

// pre-post-ln: a small block with random weights, run by the core's
// transformerBlock and rebuilt from layerNorm, multiHeadAttention and feedForward.
const C = 8, H = 2, F = 16, T = 3;
const add = (a, b) => ({ data: a.data.map((v, i) => v + b.data[i]), shape: a.shape });
const FORMULAS = [
  // post-LN: h = LN1(x + MHA(x)), y = LN2(h + FFN(h))
  (p) => { const h = p.ln1(add(p.x, p.mha(p.x))); return p.ln2(add(h, p.ffn(h))); },
  // pre-LN: h = x + MHA(LN1(x)), y = h + FFN(LN2(h))
  (p) => { const h = add(p.x, p.mha(p.ln1(p.x))); return add(h, p.ffn(p.ln2(h))); },
  // the residual carries the normalised input
  (p) => { const n1 = p.ln1(p.x), h = add(n1, p.mha(n1)); const n2 = p.ln2(h); return add(n2, p.ffn(n2)); },
  // the sublayer outputs are normalised
  (p) => { const h = add(p.x, p.ln1(p.mha(p.x))); return add(h, p.ln2(p.ffn(h))); },
];
const formula = (ja, en = ja) => text(ja, en);

export const exercises = [
  {
    id: 'layernorm-vector',
    kind: 'vector',
    topic: 'normalisation',
    title: text('LayerNorm と L2 正規化', 'LayerNorm versus L2 normalisation'),
    prompt: text(
      R`LayerNorm（学習する重み $\gamma = 1$、$\beta = 0$）は、ベクトル $x \in \mathbb{R}^d$ の成分の平均 $\mu$ と分散 $\sigma^2 = \frac{1}{d}\sum_i (x_i - \mu)^2$ を使って
$$\operatorname{LN}(x)_i = \frac{x_i - \mu}{\sqrt{\sigma^2 + \varepsilon}}$$
とします（$\varepsilon = 10^{-5}$ は無視してかまいません）。$x = {{x}}$ のとき $\operatorname{LN}(x)$ を求めてください。`,
      R`LayerNorm (with learned weights $\gamma = 1$, $\beta = 0$) uses the mean $\mu$ and the variance $\sigma^2 = \frac{1}{d}\sum_i (x_i - \mu)^2$ of the entries of $x \in \mathbb{R}^d$:
$$\operatorname{LN}(x)_i = \frac{x_i - \mu}{\sqrt{\sigma^2 + \varepsilon}}$$
($\varepsilon = 10^{-5}$ may be ignored). Compute $\operatorname{LN}(x)$ for $x = {{x}}$.`),
    inputs: (rng, { variant }) => {
      if (variant === 0) return { x: [1, 2, 3, 6] };
      let x = rng.vector(4, { dist: 'uniform', min: -3, max: 6, round: 0 });
      while (new Set(x).size < 3) x = rng.vector(4, { dist: 'uniform', min: -3, max: 6, round: 0 });
      return { x };
    },
    reference: (attn, { x }) => layerNormOf(attn, x),
    answer: { placeholder: text('例: [-1.2, -0.4, 0.3, 1.3]', 'e.g. [-1.2, -0.4, 0.3, 1.3]') },
    mistakes: [
      {
        id: 'l2-normalised',
        label: text(R`L2 正規化 $x / \lVert x \rVert$ をしています`, R`this is L2 normalisation $x / \lVert x \rVert$`),
        explain: text(R`L2 正規化は長さを 1 にするだけで、平均は引きません。LayerNorm は平均を引いてから標準偏差で割ります。`, R`L2 normalisation only scales to length 1 and subtracts nothing; LayerNorm subtracts the mean, then divides by the standard deviation.`),
        compute: (attn, { x }) => Array.from(attn.l2Normalize(tensorOf(x)).data),
      },
      {
        id: 'rms-norm',
        label: text('平均を引いていません（RMSNorm になっています）', 'the mean was not subtracted (that is RMSNorm)'),
        explain: text(R`RMSNorm は $x_i / \sqrt{\frac{1}{d}\sum_j x_j^2}$ で、Llama などが使います。LayerNorm はまず $\mu$ を引きます。`, R`RMSNorm, $x_i / \sqrt{\frac{1}{d}\sum_j x_j^2}$, is what Llama uses; LayerNorm subtracts $\mu$ first.`),
        compute: (attn, { x }) => Array.from(attn.rmsNorm(tensorOf(x)).data),
      },
      {
        id: 'unbiased-variance',
        label: text(R`分散を $d - 1$ で割っています`, R`divided the variance by $d - 1$`),
        explain: text(R`LayerNorm の分散は $\frac{1}{d}$ で割る（標本分散ではない）方です。PyTorch も同じです。`, R`LayerNorm's variance divides by $d$ (not the sample variance's $d - 1$), as in PyTorch.`),
        compute: (attn, { x }) => { const c = centred(x); const s = Math.sqrt(dot(c, c) / (x.length - 1)); return c.map((v) => v / s); },
      },
      {
        id: 'no-sqrt',
        label: text('標準偏差ではなく分散で割っています', 'divided by the variance instead of the standard deviation'),
        compute: (attn, { x }) => { const c = centred(x); const v = dot(c, c) / x.length; return c.map((u) => u / v); },
      },
    ],
    hints: [
      text(R`$\mu = \frac{1}{4}\sum_i x_i$、つぎに $x_i - \mu$ を並べます。`, R`$\mu = \frac{1}{4}\sum_i x_i$; then list $x_i - \mu$.`),
      text(R`$\sigma^2$ は $(x_i - \mu)^2$ の平均（4 で割る）、最後に $\sqrt{\sigma^2}$ で割ります。`, R`$\sigma^2$ is the mean of $(x_i - \mu)^2$ (divide by 4); finally divide by $\sqrt{\sigma^2}$.`),
    ],
    explanation: text(
      R`$\operatorname{LN}(x) \approx {{answer|3}}$。成分の平均は 0、分散は 1 になります。L2 正規化 $x / \lVert x \rVert$ とは、平均を引くかどうかと、大きさの基準（長さ 1 か、成分ごとの分散 1 か）が違います。`,
      R`$\operatorname{LN}(x) \approx {{answer|3}}$: its entries have mean 0 and variance 1. L2 normalisation $x / \lVert x \rVert$ differs in two ways: it does not subtract the mean, and it scales to length 1 rather than to variance 1 per entry.`),
  },
  {
    id: 'layernorm-norm',
    kind: 'number',
    topic: 'normalisation',
    title: text('LayerNorm の出力の長さ', 'The length of a LayerNorm output'),
    prompt: text(
      R`$x \in \mathbb{R}^{d}$（$d = {{d}}$、成分がすべて等しいわけではない任意のベクトル）に LayerNorm（$\gamma = 1$、$\beta = 0$、$\varepsilon$ は無視）をかけます。出力の長さ $\lVert \operatorname{LN}(x) \rVert$ はいくつですか？（$x$ によりません。）`,
      R`Apply LayerNorm ($\gamma = 1$, $\beta = 0$, ignoring $\varepsilon$) to any $x \in \mathbb{R}^{d}$ with $d = {{d}}$ whose entries are not all equal. What is the length $\lVert \operatorname{LN}(x) \rVert$ of the output? (It does not depend on $x$.)`),
    inputs: (rng, { variant }) => {
      const d = variant === 0 ? 16 : rng.pick([8, 32, 64, 768, 4096]);
      return { d, x: rng.vector(d, { round: null }) };
    },
    reference: (attn, { x }) => length(layerNormOf(attn, x)),
    answer: { placeholder: text('例: 2 や sqrt(5)', 'e.g. 2 or sqrt(5)') },
    mistakes: [
      {
        id: 'unit-length',
        label: text('L2 正規化と同じく 1 だと考えています', 'assumed length 1, as for L2 normalisation'),
        explain: text(R`LayerNorm が 1 にそろえるのは成分の分散です。長さの 2 乗は $\sum_i \operatorname{LN}(x)_i^2 = d \cdot \sigma^2/\sigma^2 = d$ になります。`,
          R`LayerNorm makes the *variance of the entries* 1; the squared length is $\sum_i \operatorname{LN}(x)_i^2 = d \cdot \sigma^2/\sigma^2 = d$.`),
        compute: () => 1,
      },
      {
        id: 'squared',
        label: text('長さの 2 乗を答えています', 'this is the squared length'),
        compute: (attn, { d }) => d,
      },
      {
        id: 'sample-variance',
        label: text(R`$\sqrt{d - 1}$ にしています（分散を $d - 1$ で割る定義です）`, R`used $\sqrt{d - 1}$ (the variance divided by $d - 1$)`),
        compute: (attn, { d }) => Math.sqrt(d - 1),
      },
    ],
    hints: [
      text(R`$\operatorname{LN}(x)_i = (x_i - \mu)/\sigma$ の 2 乗を足すと $\frac{1}{\sigma^2}\sum_i (x_i - \mu)^2$ です。`, R`Summing the squares of $\operatorname{LN}(x)_i = (x_i - \mu)/\sigma$ gives $\frac{1}{\sigma^2}\sum_i (x_i - \mu)^2$.`),
      text(R`$\sum_i (x_i - \mu)^2 = d\,\sigma^2$ です。`, R`$\sum_i (x_i - \mu)^2 = d\,\sigma^2$.`),
    ],
    explanation: text(
      R`$\lVert \operatorname{LN}(x) \rVert = \sqrt{d} \approx {{answer}}$（attnscope の \`layerNorm\` に乱数のベクトルを入れて測った値です）。LayerNorm の出力は半径 $\sqrt{d}$ の球面上（しかも平均 0 の超平面上）にのり、L2 正規化の出力は半径 1 の球面上にのります。RMSNorm の出力も長さ $\sqrt{d}$ です。`,
      R`$\lVert \operatorname{LN}(x) \rVert = \sqrt{d} \approx {{answer}}$ (measured by running attnscope's \`layerNorm\` on a random vector). LayerNorm's outputs lie on the sphere of radius $\sqrt{d}$ (within the hyperplane of mean 0), L2 normalisation's on the unit sphere. RMSNorm's outputs have length $\sqrt{d}$ too.`),
  },
  {
    id: 'pre-post-ln',
    kind: 'choice',
    topic: 'normalisation',
    title: text('Pre-LN と Post-LN', 'Pre-LN and post-LN'),
    prompt: text(
      R`Transformer ブロックは、セルフアテンション $\mathrm{MHA}$ と $\mathrm{FFN}$ をそれぞれ残差接続で包み、LayerNorm $\mathrm{LN}_1$、$\mathrm{LN}_2$ を入れます。GPT-2 以降の多くのモデル（Llama も）が使う **Pre-LN**（attnscope の \`transformerBlock\` で \`prenorm: true\`）はどれですか？`,
      R`A Transformer block wraps self-attention $\mathrm{MHA}$ and the $\mathrm{FFN}$ in residual connections and adds the LayerNorms $\mathrm{LN}_1$ and $\mathrm{LN}_2$. Which is **pre-LN**, used by GPT-2 and most later models (Llama too) — attnscope's \`transformerBlock\` with \`prenorm: true\`?`),
    choices: [
      formula(R`$h = \mathrm{LN}_1(x + \mathrm{MHA}(x)),\quad y = \mathrm{LN}_2(h + \mathrm{FFN}(h))$`),
      formula(R`$h = x + \mathrm{MHA}(\mathrm{LN}_1(x)),\quad y = h + \mathrm{FFN}(\mathrm{LN}_2(h))$`),
      formula(R`$h = \mathrm{LN}_1(x) + \mathrm{MHA}(\mathrm{LN}_1(x)),\quad y = \mathrm{LN}_2(h) + \mathrm{FFN}(\mathrm{LN}_2(h))$`),
      formula(R`$h = x + \mathrm{LN}_1(\mathrm{MHA}(x)),\quad y = h + \mathrm{LN}_2(\mathrm{FFN}(h))$`),
    ],
    random: false,
    inputs: (rng) => {
      const m = (r, c, std = 0.5) => rng.matrix(r, c, { std, round: null });
      return {
        x: m(T, C, 1),
        norm1: { weight: rng.vector(C, { mean: 1, std: 0.2, round: null }), bias: rng.vector(C, { std: 0.2, round: null }) },
        norm2: { weight: rng.vector(C, { mean: 1, std: 0.2, round: null }), bias: rng.vector(C, { std: 0.2, round: null }) },
        attn: { wq: m(C, C), wk: m(C, C), wv: m(C, C), wo: m(C, C) },
        ffn: { w1: m(C, F), b1: rng.vector(F, { std: 0.2, round: null }), w2: m(F, C), b2: rng.vector(C, { std: 0.2, round: null }) },
      };
    },
    // The option whose formula, rebuilt from the core's parts, equals the core's pre-LN transformerBlock.
    reference: (attn, inputs) => {
      const t = (v) => tensorOf(v);
      const tensors = (o) => Object.fromEntries(Object.entries(o).map(([k, v]) => [k, t(v)]));
      const params = { norm1: tensors(inputs.norm1), attn: tensors(inputs.attn), norm2: tensors(inputs.norm2), ffn: tensors(inputs.ffn) };
      const parts = {
        x: t(inputs.x),
        ln1: (v) => attn.layerNorm(v, params.norm1),
        ln2: (v) => attn.layerNorm(v, params.norm2),
        mha: (v) => attn.multiHeadAttention(v, params.attn, { nHeads: H }).output,
        ffn: (v) => attn.feedForward(v, params.ffn, { activation: 'gelu' }),
      };
      const want = toNested(attn.transformerBlock(parts.x, params, { nHeads: H, prenorm: true, activation: 'gelu' }).output).flat();
      const errors = FORMULAS.map((f) => Math.max(...Array.from(f(parts).data, (v, i) => Math.abs(v - want[i]))));
      return errors.indexOf(Math.min(...errors));
    },
    mistakes: [
      {
        id: 'post-ln', choice: 0,
        label: text('これは Post-LN（2017 年の原論文の形）です', 'that is post-LN (the original 2017 Transformer)'),
        explain: text(R`Post-LN は残差を足した後で正規化するので、入力から出力へ素通りする道がありません。深くすると学習の初めに勾配が不安定になり、ウォームアップが欠かせません。`,
          R`Post-LN normalises after the residual add, so no path runs from input to output untouched; deep stacks get unstable gradients early in training and need a careful warm-up.`),
      },
      {
        id: 'normalised-residual', choice: 2,
        label: text('残差の経路に正規化した値を流しています', 'the residual carries the normalised input'),
        explain: text(R`Pre-LN で正規化するのはサブ層への入力だけです。残差 $x$ 自体はそのまま足します。`, R`Pre-LN normalises only what goes *into* each sublayer; the residual $x$ itself is added unchanged.`),
      },
      {
        id: 'normalised-output', choice: 3,
        label: text('サブ層の出力を正規化しています', 'the sublayer outputs are normalised'),
        explain: text(R`Pre-LN ではサブ層の「入力」を正規化します。出力側に置く形もありますが、GPT-2 や Llama の Pre-LN ではありません。`, R`Pre-LN normalises the sublayer *input*. Norms on the output side exist in some designs, but that is not GPT-2's or Llama's pre-LN.`),
      },
    ],
    hints: [
      text(R`「Pre」は、サブ層（MHA、FFN）の**前**で正規化するという意味です。`, R`"Pre" means normalising *before* each sublayer (MHA, FFN).`),
      text(R`Pre-LN では $x$ から $y$ まで、正規化を一度も通らない足し算だけの道が残ります。`, R`In pre-LN a path of plain additions runs from $x$ to $y$ without passing through any norm.`),
    ],
    explanation: text(
      R`Pre-LN は {{answer}} です（この正解は、乱数の重みで attnscope の \`transformerBlock\`（\`prenorm: true\`）を計算し、\`layerNorm\`、\`multiHeadAttention\`、\`feedForward\` で組み立てた 4 つの式と比べて、このページで選んでいます）。$y = x + \mathrm{MHA}(\cdot) + \mathrm{FFN}(\cdot)$ のように足し算の道が残るので、$\partial y / \partial x$ には必ず単位行列 $I$ が含まれ、深くしても勾配が消えにくくなります。`,
      R`Pre-LN is {{answer}} (picked in this page: attnscope's \`transformerBlock\` with \`prenorm: true\` runs on random weights and is compared with the four formulas built from \`layerNorm\`, \`multiHeadAttention\` and \`feedForward\`). Since $y = x + \mathrm{MHA}(\cdot) + \mathrm{FFN}(\cdot)$ keeps a path of additions, $\partial y / \partial x$ always contains the identity $I$, and gradients survive even in deep stacks.`),
  },
];
