// Built-in exercises from the KV-cache experiments: the cache of a GQA model
// (kvCacheBytes), a head-sharing gap judged against the seed noise (the
// experiment's own verdict function), which positions H2O keeps, the best
// QCQA-style grouping and the expected-attention weights (the library's
// selectKvPositions and groupKvHeads). Every expected value is computed by
// attnscope at run time.
import { text, R } from './shared.js';
import { headSharingClaim, headSharingSummary } from '../../experiments/kv-head-sharing-summary.js';

const MODELS = [
  { name: 'Llama-2-70B', layers: 80, heads: 64, kv: 8, head: 128 },
  { name: 'Mistral-7B', layers: 32, heads: 32, kv: 8, head: 128 },
  { name: 'Llama-2-7B', layers: 32, heads: 32, kv: 32, head: 128 },
];
const cacheOf = (attn, m, T, kv = m.kv, dtype = 'float16') => attn.kvCacheBytes({ nLayers: m.layers, nKvHeads: kv, headDim: m.head, seqLen: T, dtype });

const claimOf = (mha, mqa) => headSharingClaim(headSharingSummary([
  ...mha.map((l, i) => ({ kvHeads: 8, seed: i + 1, kind: 'MHA', cacheBytes: 8, finalLoss: l })),
  ...mqa.map((l, i) => ({ kvHeads: 1, seed: i + 1, kind: 'MQA', cacheBytes: 1, finalLoss: l })),
], [8, 1]));

const tensor3 = (rows, H, N, D) => ({ data: Float32Array.from(rows.flat()), shape: [H, N, D] });
const dummyCache = (N) => ({ keys: tensor3(Array.from({ length: N }, () => [0, 0]), 1, N, 2), values: tensor3(Array.from({ length: N }, () => [0, 0]), 1, N, 2) });

/** A causal 4 × 4 attention matrix (rows sum to 1) from seeded scores. */
function causalWeights(rng, N) {
  return Array.from({ length: N }, (_, i) => {
    const s = Array.from({ length: i + 1 }, () => rng.int(1, 9));
    const z = s.reduce((a, b) => a + b, 0);
    return Array.from({ length: N }, (_, j) => (j <= i ? Math.round((s[j] / z) * 100) / 100 : 0));
  });
}
const kept = (attn, A, keep, scale = null) => {
  const N = A.length;
  const w = scale ? A.map((r) => r.map((x, j) => x / scale(j))) : A;
  return Array.from(attn.selectKvPositions(dummyCache(N), { rule: 'accumulated', keep, attention: tensor3(w, 1, N, N) }).positions[0]);
};

const expectedWeights = (attn, { keys, queries }, covariance = true) => {
  const r = attn.selectKvPositions({ keys: tensor3(keys, 1, keys.length, 2), values: tensor3(keys, 1, keys.length, 2) }, { rule: 'expected', keep: 1, queries: tensor3(queries, 1, queries.length, 2), futurePositions: [0], covariance });
  return Array.from(r.scores[0]);
};

export const exercises = [
  {
    id: 'kv-cache-gqa',
    kind: 'number',
    topic: 'multi-head',
    title: text('GQA のモデルの KV キャッシュ', 'The KV cache of a GQA model'),
    prompt: text(
      R`{{name}} は {{layers}} 層、クエリヘッド {{heads}}、KV ヘッド {{kv}}、ヘッドの次元 {{head}} です。float16（2 バイト）で {{T}} トークンの系列 1 本の KV キャッシュは何バイトですか？`,
      R`{{name}} has {{layers}} layers, {{heads}} query heads, {{kv}} KV heads and head dimension {{head}}. How many bytes does the KV cache of one sequence of {{T}} tokens take in float16 (2 bytes)?`),
    inputs: (rng, { variant }) => ({ ...(variant === 0 ? MODELS[0] : rng.pick(MODELS)), T: variant === 0 ? 4096 : rng.pick([1024, 2048, 4096, 8192]) }),
    reference: (attn, m) => cacheOf(attn, m, m.T),
    tolerance: { abs: 0, rel: 0.005 },
    answer: { placeholder: text('例: 1.3e9', 'e.g. 1.3e9') },
    mistakes: [
      {
        id: 'query-heads',
        label: text('KV ヘッドではなくクエリヘッドの数を使っています', 'used the query heads instead of the KV heads'),
        explain: text(R`キャッシュに入るのは KV ヘッドのキーと値だけです。GQA ではクエリヘッドのグループが 1 つの KV ヘッドを共有します。`, R`Only the KV heads' keys and values are cached; in GQA a group of query heads shares one KV head.`),
        compute: (attn, m) => cacheOf(attn, m, m.T, m.heads),
      },
      {
        id: 'keys-only',
        label: text('キーだけを数えています（値を忘れています）', 'counted the keys only (forgot the values)'),
        compute: (attn, m) => cacheOf(attn, m, m.T) / 2,
      },
      {
        id: 'float32',
        label: text('4 バイト（float32）で数えています', 'counted 4 bytes (float32)'),
        compute: (attn, m) => cacheOf(attn, m, m.T, m.kv, 'float32'),
      },
    ],
    hints: [
      text(R`$2 \times$ 層 $\times$ KV ヘッド $\times$ トークン $\times$ ヘッドの次元 $\times$ バイト数。`, R`$2 \times$ layers $\times$ KV heads $\times$ tokens $\times$ head dim $\times$ bytes.`),
    ],
    explanation: text(
      R`{{answer}} バイトです。先頭の 2 はキーと値の 2 つです。MHA（KV ヘッド = クエリヘッド {{heads}}）なら {{heads}}/{{kv}} 倍になります。`,
      R`{{answer}} bytes. The leading 2 is keys and values. With MHA (KV heads = the {{heads}} query heads) it would be {{heads}}/{{kv}} times as much.`),
  },
  {
    id: 'head-sharing-gap',
    kind: 'vector',
    topic: 'multi-head',
    title: text('MQA の差はシードのばらつきより大きいか', 'Is MQA’s gap larger than the seed noise?'),
    prompt: text(
      R`同じ文字単位のモデルを MHA と MQA で、シード 1 と 2 で学習させました（同じシードなら同じバッチ）。検証損失は MHA が {{mha}}、MQA が {{mqa}}（シード 1, 2 の順）です。同じシードどうしの差（MQA − MHA）の平均と、MHA の損失のシード間の標本標準偏差 σ（$n-1$ で割る）を [差, σ] で答えてください。`,
      R`The same character-level model was trained as MHA and as MQA with seeds 1 and 2 (the same seed, the same batches). The held-out losses: MHA {{mha}}, MQA {{mqa}} (seeds 1, 2). Give [the mean of the same-seed differences (MQA − MHA), the sample standard deviation σ of MHA's loss across the seeds (divide by $n-1$)].`),
    inputs: (rng) => {
      const base = 2 + rng.int(0, 20) / 100;
      const mha = [base, Math.round((base + rng.int(-3, 3) / 100) * 1000) / 1000];
      const mqa = mha.map((l) => Math.round((l + rng.int(-2, 6) / 100) * 1000) / 1000);
      const claim = claimOf(mha, mqa);
      return { mha, mqa, verdict: claim.verdict };
    },
    reference: (attn, { mha, mqa }) => { const c = claimOf(mha, mqa); return [c.mqaGap, c.noise]; },
    tolerance: { abs: 0.0005, rel: 0.01 },
    answer: { placeholder: text('例: [0.012, 0.008]', 'e.g. [0.012, 0.008]') },
    mistakes: [
      {
        id: 'population-sd',
        label: text(R`σ を $n$ で割っています`, R`divided by $n$ for σ`),
        explain: text(R`2 つのシードからの標本標準偏差は $n - 1 = 1$ で割ります。$n$ で割ると $1/\sqrt{2}$ 倍に小さくなり、差を大きく見せます。`, R`The sample standard deviation of two seeds divides by $n - 1 = 1$; dividing by $n$ makes it $1/\sqrt{2}$ as large and a gap look larger.`),
        compute: (attn, { mha, mqa }) => { const c = claimOf(mha, mqa); return [c.mqaGap, c.noise / Math.SQRT2]; },
      },
      {
        id: 'sign',
        label: text('差を MHA − MQA で計算しています', 'took MHA − MQA'),
        compute: (attn, { mha, mqa }) => { const c = claimOf(mha, mqa); return [-c.mqaGap, c.noise]; },
      },
    ],
    hints: [
      text(R`差はシードごとに MQA − MHA を計算して平均します。`, R`Take MQA − MHA per seed, then the mean.`),
      text(R`2 つの値 $a, b$ の標本標準偏差は $|a - b|/\sqrt{2}$ です。`, R`The sample standard deviation of two values $a, b$ is $|a - b|/\sqrt{2}$.`),
    ],
    explanation: text(
      R`[差, σ] = {{answer|4}}。実験の判定は「{{verdict}}」です（MQA の差が 2σ を超え、GQA の差がその半分以下なら holds、2σ 以内なら within-noise）。`,
      R`[gap, σ] = {{answer|4}}. The experiment's verdict: “{{verdict}}” (holds when MQA's gap is above 2σ and every GQA gap at most half of it; within-noise when it is not above 2σ).`),
  },
  {
    id: 'h2o-eviction',
    kind: 'vector',
    topic: 'efficient-attention',
    title: text('累積アテンション（H2O）で残す位置', 'The positions accumulated attention (H2O) keeps'),
    prompt: text(
      R`因果的なヘッドで 4 つのクエリ（行）がキー 0–3（列）に向けた重みが次のとおりです：$$A = {{Atex}}$$ キャッシュを 2 位置に減らすとき、各位置が受け取った重みの合計（列の和）の大きい 2 つを残します。残る位置の番号を小さい順に [a, b] で答えてください。`,
      R`In a causal head, four queries (rows) gave these weights to keys 0–3 (columns): $$A = {{Atex}}$$ To cut the cache to 2 positions, keep the two with the largest total weight received (column sums). Which positions stay? Answer [a, b], smaller first.`),
    inputs: (rng, { attn }) => {
      for (;;) {
        const A = causalWeights(rng, 4);
        const right = kept(attn, A, 2);
        const perQuery = kept(attn, A, 2, (j) => 4 - j);
        if (JSON.stringify(right) !== JSON.stringify(perQuery) && JSON.stringify(right) !== '[2,3]') {
          return { A, Atex: `\\begin{pmatrix}${A.map((r) => r.join(' & ')).join(' \\\\ ')}\\end{pmatrix}` };
        }
      }
    },
    reference: (attn, { A }) => kept(attn, A, 2),
    tolerance: { abs: 0, rel: 0 },
    answer: { placeholder: text('例: [0, 3]', 'e.g. [0, 3]') },
    mistakes: [
      {
        id: 'recent',
        label: text('直近の 2 位置を残しています', 'kept the two most recent positions'),
        explain: text('それは直近のウィンドウの規則です。H2O は受け取った重みの合計で選びます。', 'That is the recency rule; H2O ranks by the total weight received.'),
        compute: () => [2, 3],
      },
      {
        id: 'mean-per-query',
        label: text('列の和を、その位置を見られるクエリの数で割っています', 'divided each column sum by the number of queries that can see it'),
        explain: text('H2O は和をそのまま使います。前の位置ほど多くのクエリから見えるので和が大きくなりがちで、それがこの規則の癖です。', 'H2O uses the plain sum. Earlier positions are seen by more queries and collect more: that bias is part of the rule.'),
        compute: (attn, { A }) => kept(attn, A, 2, (j) => 4 - j),
      },
    ],
    hints: [text('各列の和を計算します。', 'Sum each column.')],
    explanation: text(
      R`{{answer}} が残ります。位置 0 はすべてのクエリから見えるので、和が大きくなりやすい位置です。`,
      R`{{answer}} stay. Position 0 is visible to every query, so its sum tends to be large.`),
  },
  {
    id: 'qcqa-grouping',
    kind: 'number',
    topic: 'multi-head',
    title: text('KV ヘッドのグループ分け：共有の誤差を最小に', 'Grouping KV heads for the least sharing error'),
    prompt: text(
      R`4 つの KV ヘッドの（小さくした）射影の重みが $w_0 = {{w0}}$、$w_1 = {{w1}}$、$w_2 = {{w2}}$、$w_3 = {{w3}}$ です。ヘッドを 2 つのグループに分け、各グループは重みの平均を共有します。共有の誤差 $\sum_h \lVert w_h - \bar w_{\text{group}(h)} 
Vert^2$ を最小にするグループ分け（大きさは自由）での誤差はいくつですか？`,
      R`Four KV heads have (toy) projection weights $w_0 = {{w0}}$, $w_1 = {{w1}}$, $w_2 = {{w2}}$, $w_3 = {{w3}}$. Split the heads into 2 groups; each group shares the mean of its weights. What is the least sharing error $\sum_h \lVert w_h - \bar w_{\text{group}(h)} 
Vert^2$ over all groupings (of any sizes)?`),
    inputs: (rng, { attn }) => {
      for (;;) {
        const W = rng.matrix(4, 2, { dist: 'uniform', min: -2, max: 2, round: 1 });
        const q = attn.groupKvHeads({ w: { data: Float32Array.from(W.flat()), shape: [4, 2] } }, 2, { method: 'qcqa' });
        if (q.groups.some((g) => g.length !== 2)) {
          const v = (r) => `(${r.join(', ')})`;
          return { W, w0: v(W[0]), w1: v(W[1]), w2: v(W[2]), w3: v(W[3]), groups: q.groups.map((g) => `{${g.join(', ')}}`).join(' ') };
        }
      }
    },
    reference: (attn, { W }) => attn.groupKvHeads({ w: { data: Float32Array.from(W.flat()), shape: [4, 2] } }, 2, { method: 'qcqa' }).error,
    tolerance: { abs: 0.005, rel: 0.005 },
    answer: { placeholder: text('例: 1.25', 'e.g. 1.25') },
    mistakes: [
      {
        id: 'uniform',
        label: text('隣どうしの均等なグループ {0, 1} {2, 3} の誤差です', 'gave the error of the uniform groups {0, 1} {2, 3}'),
        explain: text('均等なグループ分け（GQA の変換の既定）は、この重みでは最良ではありません。QCQA 風の探索は大きさの違うグループも試します。', 'Uniform grouping (the default GQA conversion) is not the best for these weights; a QCQA-style search also tries groups of unequal size.'),
        compute: (attn, { W }) => attn.groupKvHeads({ w: { data: Float32Array.from(W.flat()), shape: [4, 2] } }, 2, { method: 'uniform' }).error,
      },
      {
        id: 'pairs-only',
        label: text('2 個ずつのグループだけを試しています', 'tried groups of two only'),
        compute: (attn, { W }) => {
          const err = (g) => { const m = [0, 1].map((c) => g.reduce((a, h) => a + W[h][c], 0) / g.length); return g.reduce((a, h) => a + (W[h][0] - m[0]) ** 2 + (W[h][1] - m[1]) ** 2, 0); };
          return Math.min(...[[[0, 1], [2, 3]], [[0, 2], [1, 3]], [[0, 3], [1, 2]]].map(([a, b]) => err(a) + err(b)));
        },
      },
    ],
    hints: [
      text('4 ヘッドを 2 グループに分ける方法は 7 通りです（1 + 3 が 4 通り、2 + 2 が 3 通り）。', 'There are 7 ways to split 4 heads in 2 groups (four of sizes 1 + 3, three of 2 + 2).'),
      text(R`1 つだけのヘッドのグループは誤差 0 です。`, R`A group of one head has error 0.`),
    ],
    explanation: text(
      R`最小の誤差は {{answer}}、グループは {{groups}} です。1 つだけ離れたヘッドは単独にし、残りを共有させるのが得です。`,
      R`The least error is {{answer}}, with groups {{groups}}: a head far from the others keeps its own KV head and the rest share.`),
  },
  {
    id: 'expected-attention',
    kind: 'vector',
    topic: 'efficient-attention',
    title: text('期待アテンション：平均と共分散から', 'Expected attention from the queries’ mean and covariance'),
    prompt: text(
      R`これまでのクエリは $q_1 = {{q1}}$、$q_2 = {{q2}}$、$q_3 = {{q3}}$、$q_4 = {{q4}}$ でした（$D = 2$、位置の回転は考えません）。将来のクエリを $\mathcal{N}(\mu, \Sigma)$（$\mu, \Sigma$ はこの 4 つの平均と共分散、共分散は 4 で割る）とすると、$\mathbb{E}\, e^{q \cdot k / \sqrt{D}} = e^{\mu \cdot k/\sqrt{D} + k^\top \Sigma k / (2D)}$ です。キー $k_1 = {{k1}}$、$k_2 = {{k2}}$ の期待アテンションの重み（この 2 つで正規化）を $[w_1, w_2]$ で答えてください。`,
      R`The queries so far were $q_1 = {{q1}}$, $q_2 = {{q2}}$, $q_3 = {{q3}}$, $q_4 = {{q4}}$ ($D = 2$, no rotation). Model a future query as $\mathcal{N}(\mu, \Sigma)$ with $\mu, \Sigma$ the mean and covariance of these four (covariance divided by 4); then $\mathbb{E}\, e^{q \cdot k / \sqrt{D}} = e^{\mu \cdot k/\sqrt{D} + k^\top \Sigma k / (2D)}$. Give the expected attention weights of the keys $k_1 = {{k1}}$, $k_2 = {{k2}}$, normalised over the two: $[w_1, w_2]$.`),
    inputs: (rng) => {
      const queries = rng.matrix(4, 2, { dist: 'uniform', min: -2, max: 2, round: 1 });
      const keys = rng.matrix(2, 2, { dist: 'uniform', min: -2, max: 2, round: 1 });
      const v = (r) => `(${r.join(', ')})`;
      return { queries, keys, q1: v(queries[0]), q2: v(queries[1]), q3: v(queries[2]), q4: v(queries[3]), k1: v(keys[0]), k2: v(keys[1]) };
    },
    reference: (attn, inputs) => expectedWeights(attn, inputs),
    tolerance: { abs: 0.005, rel: 0.01 },
    answer: { placeholder: text('例: [0.7, 0.3]', 'e.g. [0.7, 0.3]') },
    mistakes: [
      {
        id: 'mean-only',
        label: text(R`平均 $\mu$ だけを使い、$k^\top \Sigma k$ の項を落としています`, R`used the mean $\mu$ only (dropped the $k^\top \Sigma k$ term)`),
        explain: text(R`$e^{x}$ の期待値は平均での値より大きく、その分 $k^\top \Sigma k/(2D)$ が加わります。クエリがばらつく方向に長いキーほど得をします。`, R`The mean of $e^{x}$ is more than $e$ at the mean: $k^\top \Sigma k/(2D)$ is added. Keys long in the directions the queries vary along gain.`),
        compute: (attn, inputs) => expectedWeights(attn, inputs, false),
      },
      {
        id: 'no-half',
        label: text(R`$\tfrac12$ を落としています（$k^\top \Sigma k / D$）`, R`dropped the $\tfrac12$ ($k^\top \Sigma k / D$)`),
        compute: (attn, { queries, keys }) => {
          const mu = [0, 1].map((c) => queries.reduce((a, q) => a + q[c], 0) / 4);
          const S = [0, 1].map((a) => [0, 1].map((b) => queries.reduce((acc, q) => acc + (q[a] - mu[a]) * (q[b] - mu[b]), 0) / 4));
          const logit = keys.map((k) => (mu[0] * k[0] + mu[1] * k[1]) / Math.SQRT2 + (k[0] * (S[0][0] * k[0] + S[0][1] * k[1]) + k[1] * (S[1][0] * k[0] + S[1][1] * k[1])) / 2);
          const e = logit.map(Math.exp);
          return e.map((x) => x / (e[0] + e[1]));
        },
      },
    ],
    hints: [
      text(R`まず $\mu$（各成分の平均）と $\Sigma$（$\frac14\sum (q-\mu)(q-\mu)^\top$）を求めます。`, R`First $\mu$ (the mean of each component) and $\Sigma = \frac14\sum (q-\mu)(q-\mu)^\top$.`),
      text(R`各キーの $\ell_j = \mu \cdot k_j/\sqrt2 + k_j^\top \Sigma k_j / 4$、そして $w_j = e^{\ell_j} / (e^{\ell_1} + e^{\ell_2})$。`, R`For each key $\ell_j = \mu \cdot k_j/\sqrt2 + k_j^\top \Sigma k_j / 4$, then $w_j = e^{\ell_j} / (e^{\ell_1} + e^{\ell_2})$.`),
    ],
    explanation: text(
      R`$[w_1, w_2] \approx$ {{answer|3}}。期待アテンションによる圧縮は、この重みが小さいキーから捨てます。まだ来ていないクエリの統計で選ぶので、これまでの重みの合計（H2O）とは違う位置が残ることがあります。`,
      R`$[w_1, w_2] \approx$ {{answer|3}}. Expected-attention compression drops the keys with the smallest of these weights: chosen by the statistics of queries still to come, it can keep other positions than the accumulated weights (H2O) would.`),
  },
];
