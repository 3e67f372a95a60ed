// Exercises from the scaling sweep and the position-extrapolation
// experiments (issue 11): the compute 6·N·D of a sweep's model (N counted by
// the experiment's own function on a model the core builds), which position
// scheme cannot run past the training length (asked of the core's parameter
// list), and the mean loss over the first 2·L positions from a per-position
// curve. Expected values come from attnscope at run time.
import { text, sci, sum, R } from './shared.js';
import { nonEmbeddingParameters, sweepConfig } from '../../experiments/scaling-sweep.js';
import { POSITION_SCHEMES } from '../../experiments/position-extrapolation.js';

const VOCAB = 70;
const SIZES = [{ dim: 16, nLayers: 1 }, { dim: 24, nLayers: 2 }, { dim: 32, nLayers: 2 }, { dim: 48, nLayers: 2 }, { dim: 64, nLayers: 3 }];

/** Non-embedding and total parameters of the sweep's model of `size`, counted on a model the core builds. */
function counts(attn, size) {
  const model = attn.Model.create(sweepConfig(size, { headSize: 8, seqLen: 32 }, VOCAB), { seed: 0 });
  try { return nonEmbeddingParameters(model); } finally { model.dispose(); }
}

/** The scheme whose parameters hold one embedding row per position (the core's list of tensors). */
function tableScheme(attn) {
  return POSITION_SCHEMES.findIndex((positions) => {
    const model = attn.Model.create({ dim: 8, hiddenDim: 16, nLayers: 1, nHeads: 2, vocabSize: 8, seqLen: 16, activation: 'gelu', positions }, { seed: 0 });
    try { return Object.entries(model.parameters()).some(([name, t]) => /pos_embeddings|wpe/.test(name) && t.shape[0] === 16); } finally { model.dispose(); }
  });
}

const SCHEME_TEXT = {
  none: text('位置の情報なし（NoPE）', 'no positions at all (NoPE)'),
  sinusoidal: text('正弦波の位置エンコーディング（埋め込みに加算）', 'sinusoidal encoding added to the embeddings'),
  learned: text('学習する位置埋め込み（位置ごとに 1 行の表）', 'learned position embeddings (a table, one row per position)'),
  rope: text('RoPE（クエリとキーを位置に比例した角度で回転）', 'RoPE (queries and keys rotated by angles proportional to position)'),
  alibi: text('ALiBi（距離に比例した負のバイアス）', 'ALiBi (a negative bias proportional to distance)'),
};

export const exercises = [
  {
    id: 'sweep-compute',
    kind: 'number',
    topic: 'scaling-laws',
    title: text('スケーリング掃引のモデルの計算量 6ND', 'The compute 6ND of a model in a scaling sweep'),
    prompt: text(
      R`スケーリング掃引のモデルの 1 つは、Llama 型（RMSNorm、RoPE、バイアスなし）で、次元 $d = {{dim}}$、層数 {{layers}}、MLP は GELU で中間次元 $4d$、語彙 {{vocab}} 文字、分類器はトークン埋め込みと共有です。これを $D = {{Dtex}}$ トークン学習します。$N$ を埋め込みを除くパラメータ数（Kaplan らの数え方）として、学習の計算量 $C = 6ND$ を FLOP で求めてください。`,
      R`One model of a scaling sweep is llama-shaped (RMSNorm, RoPE, no biases) with width $d = {{dim}}$, {{layers}} layer(s), a GELU MLP of hidden size $4d$, a vocabulary of {{vocab}} characters and the classifier tied to the token embedding. It trains on $D = {{Dtex}}$ tokens. With $N$ the non-embedding parameters (Kaplan et al.'s count), what is the training compute $C = 6ND$ in FLOPs?`),
    inputs: (rng, { attn }) => {
      const size = rng.pick(SIZES);
      const D = rng.pick([51200, 102400, 409600]);
      const n = counts(attn, size);
      return { dim: size.dim, layers: size.nLayers, size, vocab: VOCAB, D, Dtex: sci(D, 4), Ntex: String(n.nonEmbedding), Ctex: sci(6 * n.nonEmbedding * D, 4) };
    },
    reference: (attn, { size, D }) => 6 * counts(attn, size).nonEmbedding * D,
    tolerance: { abs: 0, rel: 0.005 },
    answer: { placeholder: text('例: 1.2e10', 'e.g. 1.2e10') },
    mistakes: [
      {
        id: 'counted-embedding',
        label: text('トークン埋め込み（＝分類器）も数えています', 'counted the token embedding (= the classifier) too'),
        explain: text(R`Kaplan らの $N$ は埋め込みを除きます。小さなモデルでは埋め込み $V \cdot d$ が大きな割合を占めるので、差が目立ちます。`, R`Kaplan et al.'s $N$ leaves the embeddings out; in a small model $V \cdot d$ is a large share, so the difference shows.`),
        compute: (attn, { size, D }) => 6 * counts(attn, size).total * D,
      },
      {
        id: 'forward-only',
        label: text(R`$2ND$（順伝播だけ）にしています`, R`used $2ND$ (the forward pass only)`),
        explain: text(R`順伝播がトークンあたり約 $2N$ FLOP、逆伝播がその約 2 倍で、合わせて $6N$ です。`, R`The forward pass is about $2N$ FLOPs per token and the backward pass about twice that: $6N$ in all.`),
        compute: (attn, { size, D }) => 2 * counts(attn, size).nonEmbedding * D,
      },
    ],
    hints: [
      text(R`1 層あたり：アテンションの $W_Q, W_K, W_V, W_O$ で $4d^2$、MLP の 2 つの行列で $2 \cdot d \cdot 4d = 8d^2$、RMSNorm の重み $2d$。最後の RMSNorm が $d$。`, R`Per layer: attention's $W_Q, W_K, W_V, W_O$ give $4d^2$, the MLP's two matrices $2 \cdot d \cdot 4d = 8d^2$, the two RMSNorm weights $2d$; the final RMSNorm adds $d$.`),
      text(R`$N = L(12d^2 + 2d) + d$、そして $C = 6ND$。`, R`$N = L(12d^2 + 2d) + d$, then $C = 6ND$.`),
    ],
    explanation: text(
      R`$N = {{Ntex}}$ なので $C = 6ND \approx {{Ctex}}$ FLOP です。掃引の図の横軸はこの $C$ です。`,
      R`$N = {{Ntex}}$, so $C = 6ND \approx {{Ctex}}$ FLOPs — the x axis of the sweep's compute plot.`),
  },
  {
    id: 'extrapolation-table',
    kind: 'choice',
    topic: 'positional-encoding',
    title: text('学習時より長い位置で実行できない方式', 'The scheme that cannot run past the training length'),
    prompt: text(
      R`同じ小さな言語モデルを長さ $L = 32$ のウィンドウで学習させ、長さ $4L = 128$ のウィンドウで評価します。位置 $L$ 以降でモデルを**実行すること自体ができない**位置の表し方はどれですか？`,
      R`The same tiny language model is trained on windows of $L = 32$ and evaluated on windows of $4L = 128$. With which way of giving positions can the model **not be run at all** at positions $L$ and beyond?`),
    choices: POSITION_SCHEMES.map((s) => SCHEME_TEXT[s]),
    random: false,
    inputs: {},
    reference: (attn) => tableScheme(attn),
    mistakes: [
      {
        id: 'rope-angles', choice: POSITION_SCHEMES.indexOf('rope'),
        label: text('RoPE は長い位置でも実行できます', 'RoPE runs at any position'),
        explain: text(R`RoPE の角度 $p\,\theta_i$ はどんな位置 $p$ でも計算できます。学習中に見たことのない角度になるので損失は上がりえますが、実行はできます。`, R`RoPE's angle $p\,\theta_i$ can be computed for any position $p$; past $L$ the angles are new to the model, so the loss may rise, but it runs.`),
      },
      {
        id: 'sinusoidal-formula', choice: POSITION_SCHEMES.indexOf('sinusoidal'),
        label: text('正弦波エンコーディングは式なので、どの位置でも計算できます', 'the sinusoidal encoding is a formula: any position has one'),
        explain: text(R`$\sin(p/10000^{2i/d})$ はどの $p$ でも計算できます。実行はできます（うまく外挿するとは限りません）。`, R`$\sin(p/10000^{2i/d})$ exists for every $p$: it runs (whether it extrapolates well is another matter).`),
      },
      {
        id: 'alibi-bias', choice: POSITION_SCHEMES.indexOf('alibi'),
        label: text('ALiBi のバイアスはどの距離でも計算できます', 'ALiBi’s bias exists at every distance'),
        explain: text(R`$-m_h (i - j)$ は距離が長くなっても計算できます。ALiBi は長い入力への外挿のために作られました。`, R`$-m_h (i - j)$ is defined at any distance; ALiBi was designed to extrapolate to longer inputs.`),
      },
    ],
    hints: [
      text('位置の情報を「式」で作る方式と「表」から引く方式があります。', 'Some schemes compute position information from a formula; one looks it up in a table.'),
      text(R`表に行がない位置は引けません。その表は何行ありますか？`, R`A table has no row for a position it was not built for. How many rows does it have?`),
    ],
    explanation: text(
      R`答えは {{answer}} です。表には位置 $0 \ldots L-1$ の $L$ 行しかありません。attnscope の実験ページはこの曲線を $L$ で止め、2 倍・4 倍の値を「実行できない」と表示します。`,
      R`The answer is {{answer}}: the table has $L$ rows, for positions $0 \ldots L-1$ only. attnscope's experiment stops that curve at $L$ and reports its 2× and 4× values as “cannot run”.`),
  },
  {
    id: 'extrapolation-mean-loss',
    kind: 'number',
    topic: 'positional-encoding',
    title: text('位置ごとの損失から 2L までの平均', 'The mean loss up to 2L from a per-position curve'),
    prompt: text(
      R`長さ $L = 32$ で学習したモデルを長さ $4L$ のウィンドウで評価し、位置を 16 個ずつの区間に分けた損失（nats/文字）が、位置 0 から順に {{bins}} でした。最初の $2L$ 位置での平均損失を求めてください。`,
      R`A model trained on windows of $L = 32$ is evaluated on windows of $4L$; the loss (nats/char) in bins of 16 positions, from position 0 on, is {{bins}}. What is the mean loss over the first $2L$ positions?`),
    inputs: (rng) => {
      const base = rng.uniform(1.8, 2.4);
      const rise = rng.pick([0.02, 0.3, 0.8]);
      const bins = Array.from({ length: 8 }, (_, k) => Number((base + (k === 0 ? 0.4 : 0) + (k >= 2 ? rise * (k - 1) : 0)).toFixed(2)));
      return { values: bins, bins: bins.map((v) => `$${v}$`).join(', ') };
    },
    reference: (attn, { values }) => sum(values.slice(0, 4)) / 4,
    tolerance: { abs: 0.005, rel: 0 },
    answer: { placeholder: text('例: 2.1', 'e.g. 2.1') },
    mistakes: [
      {
        id: 'all-bins',
        label: text(R`$4L$ 全体で平均しています`, R`averaged over all $4L$ positions`),
        compute: (attn, { values }) => sum(values) / 8,
      },
      {
        id: 'only-beyond',
        label: text(R`$L$ から $2L$ の区間だけで平均しています`, R`averaged only the positions from $L$ to $2L$`),
        compute: (attn, { values }) => sum(values.slice(2, 4)) / 2,
      },
    ],
    hints: [
      text(R`$2L = 64$ 位置は、16 位置の区間 4 つ分です。`, R`$2L = 64$ positions are the first four bins of 16.`),
      text('区間の幅が等しいので、区間の平均をさらに平均すればよいです。', 'The bins are equally wide, so the mean of the bin means is the mean over the positions.'),
    ],
    explanation: text(
      R`平均は {{answer}} です。因果的なアテンションでは位置 $p$ の損失はウィンドウの長さによらないので、長さ $2L$ のウィンドウで評価しても同じ値になります。`,
      R`The mean is {{answer}}. With causal attention the loss at position $p$ does not depend on the window's length, so windows of $2L$ would give the same number.`),
  },
];
