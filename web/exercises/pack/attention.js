// Built-in exercises: softmax with a mask, scaled dot-product weights,
// cosine attention.
import { text, tensorOf, toNested, R } from './shared.js';

const transpose = (m) => m[0].map((_, j) => m.map((r) => r[j]));
const zerosV = (n) => tensorOf(Array.from({ length: n }, () => [0]));
const weightsOf = (attn, Q, K, opts = {}) =>
  attn.scaledDotProductAttention(tensorOf(Q), tensorOf(K), zerosV(K.length), { ...opts, returnWeights: true }).weights;
const scoresOf = (attn, Q, K) => {
  const s = attn.matmul(tensorOf(Q), tensorOf(transpose(K)));
  return toNested(s).map((r) => r.map((v) => v / Math.sqrt(Q[0].length)));
};
const texVector = (x) => `[${x.map((v) => (v === -Infinity ? R`-\infty` : String(v))).join(R`,\ `)}]`;

export const exercises = [
  {
    id: 'softmax-masked',
    kind: 'vector',
    topic: 'attention',
    title: text('マスク付きソフトマックス', 'Softmax with a masked entry'),
    prompt: text(
      R`マスクされたスコアは $-\infty$ に置き換えてからソフトマックスをとります。$\operatorname{softmax}({{shown}})$ を求めてください（$e^{-\infty} = 0$）。`,
      R`A masked score is replaced by $-\infty$ before the softmax. Compute $\operatorname{softmax}({{shown}})$ (with $e^{-\infty} = 0$).`),
    inputs: (rng, { variant }) => {
      const x = variant === 0 ? [1, 2, -Infinity, 3] : rng.vector(4, { dist: 'uniform', min: -2, max: 3, round: 0 });
      if (variant !== 0) x[rng.int(0, 3)] = -Infinity;
      return { x, shown: texVector(x) };
    },
    reference: (attn, { x }) => attn.softmax(tensorOf(x)),
    answer: { placeholder: text('例: [0.1, 0.2, 0, 0.7]', 'e.g. [0.1, 0.2, 0, 0.7]') },
    mistakes: [
      {
        id: 'masked-as-zero',
        label: text(R`$-\infty$ を 0 として計算しています`, R`the masked entry was treated as 0`),
        explain: text(R`$e^0 = 1$ が分母に入ってしまいます。マスクは $e^{-\infty} = 0$ で、その項を分母から消すためのものです。`,
          R`Then $e^0 = 1$ lands in the denominator. The mask exists to make that term $e^{-\infty} = 0$.`),
        compute: (attn, { x }) => attn.softmax(tensorOf(x.map((v) => (v === -Infinity ? 0 : v)))),
      },
      {
        id: 'zeroed-after-softmax',
        label: text('ソフトマックスの後で 0 にして、正規化し直していません', 'zeroed after the softmax without renormalising'),
        explain: text('この答えは和が 1 になりません。マスクはソフトマックスの前に入れます。', 'This answer does not sum to 1. The mask goes in before the softmax.'),
        compute: (attn, { x }) => Array.from(attn.softmax(tensorOf(x.map((v) => (v === -Infinity ? 0 : v)))).data, (w, i) => (x[i] === -Infinity ? 0 : w)),
      },
      {
        id: 'not-normalised',
        label: text('指数をとっただけで、和で割っていません', 'exponentiated but not divided by the sum'),
        compute: (attn, { x }) => x.map(Math.exp),
      },
    ],
    hints: [
      text(R`$\operatorname{softmax}(x)_j = e^{x_j} / \sum_k e^{x_k}$。マスクされた項は $e^{-\infty} = 0$ です。`, R`$\operatorname{softmax}(x)_j = e^{x_j} / \sum_k e^{x_k}$, and the masked term is $e^{-\infty} = 0$.`),
      text('残りの 3 つの指数の和で割ります。答えの和は 1 になります。', 'Divide by the sum of the other three exponentials; the answer sums to 1.'),
    ],
    explanation: text(
      R`$\operatorname{softmax}({{shown}}) \approx {{answer|3}}$。マスクされた位置は重み 0 になり、残りの重みの和が 1 になります。`,
      R`$\operatorname{softmax}({{shown}}) \approx {{answer|3}}$: the masked position gets weight 0 and the rest still sum to 1.`),
  },
  {
    id: 'attention-weights',
    kind: 'matrix',
    topic: 'attention',
    title: text('スケール付き内積アテンションの重み', 'Scaled dot-product attention weights'),
    prompt: text(
      R`$Q = {{Q|tex}}$、$K = {{K|tex}}$（$d = 2$）について、重み行列
$$A = \operatorname{softmax}\!\left(\frac{QK^\top}{\sqrt{d}}\right)$$
を求めてください（ソフトマックスは各行に、つまりキー方向に）。答えは 2 × 3 行列で、1 行を 1 行に書きます。`,
      R`For $Q = {{Q|tex}}$ and $K = {{K|tex}}$ ($d = 2$), compute the weights
$$A = \operatorname{softmax}\!\left(\frac{QK^\top}{\sqrt{d}}\right)$$
(the softmax runs along each row, over the keys). The answer is a 2 × 3 matrix: write one row per line.`),
    inputs: (rng, { variant }) => (variant === 0
      ? { Q: [[1, 0], [0, 2]], K: [[1, 0], [1, 1], [0, -1]] }
      : { Q: rng.matrix(2, 2, { dist: 'uniform', min: -2, max: 2, round: 0 }), K: rng.matrix(3, 2, { dist: 'uniform', min: -2, max: 2, round: 0 }) }),
    reference: (attn, { Q, K }) => weightsOf(attn, Q, K),
    answer: { placeholder: text('0.1 0.2 0.7\n0.3 0.3 0.4', '0.1 0.2 0.7\n0.3 0.3 0.4') },
    mistakes: [
      {
        id: 'forgot-sqrt-d',
        label: text(R`$\sqrt{d}$ で割り忘れています`, R`forgot to divide by $\sqrt{d}$`),
        explain: text(R`$\sqrt{d}$ で割らないとスコアの分散が $d$ とともに増え、ソフトマックスが飽和します。`, R`Without $1/\sqrt{d}$ the scores' variance grows with $d$ and the softmax saturates.`),
        compute: (attn, { Q, K }) => weightsOf(attn, Q, K, { scale: 1 }),
      },
      {
        id: 'divided-by-d',
        label: text(R`$\sqrt{d}$ ではなく $d$ で割っています`, R`divided by $d$ instead of $\sqrt{d}$`),
        compute: (attn, { Q, K }) => weightsOf(attn, Q, K, { scale: 1 / Q[0].length }),
      },
      {
        id: 'softmax-over-queries',
        label: text('ソフトマックスを列方向（クエリ方向）にとっています', 'took the softmax down the columns (over queries)'),
        explain: text('各クエリ（行）について、キー全体での重みの和が 1 になります。', 'Each query (row) spreads a total weight of 1 over the keys.'),
        compute: (attn, { Q, K }) => transpose(toNested(attn.softmax(tensorOf(transpose(scoresOf(attn, Q, K)))))),
      },
      {
        id: 'scores-not-weights',
        label: text('ソフトマックス前のスコアです', 'these are the scores before the softmax'),
        compute: (attn, { Q, K }) => scoresOf(attn, Q, K),
      },
    ],
    hints: [
      text(R`まずスコア $S = QK^\top / \sqrt{2}$（2 × 3）を計算します。$S_{ij} = q_i \cdot k_j / \sqrt{2}$。`, R`First the scores $S = QK^\top / \sqrt{2}$ (2 × 3): $S_{ij} = q_i \cdot k_j / \sqrt{2}$.`),
      text(R`各行 $i$ で $A_{ij} = e^{S_{ij}} / \sum_{j'} e^{S_{ij'}}$。各行の和は 1 です。`, R`Row by row: $A_{ij} = e^{S_{ij}} / \sum_{j'} e^{S_{ij'}}$. Every row sums to 1.`),
    ],
    explanation: text(
      R`$A \approx {{answer|tex|3}}$。各行はクエリ 1 つ分の注意の配分で、和は 1 です。`,
      R`$A \approx {{answer|tex|3}}$. Each row is how one query spreads its attention; it sums to 1.`),
  },
  {
    id: 'cosine-attention',
    kind: 'code',
    topic: 'attention',
    title: text('コサイン・アテンションを実装する', 'Implement cosine attention'),
    prompt: text(
      R`コサイン・アテンションは $Q$ と $K$ の各行を長さ 1 に正規化し、$\sqrt{d}$ ではなく温度 $\tau$ で割ります：
$$\operatorname{Attn}(Q, K, V) = \operatorname{softmax}\!\left(\frac{\hat Q \hat K^\top}{\tau}\right) V,\qquad \hat q_i = \frac{q_i}{\lVert q_i \rVert}.$$
関数 \`cosineAttention(Q, K, V, temperature)\` を書いてください。\`Q\` は $N_q \times D$、\`K\` は $N_k \times D$、\`V\` は $N_k \times D_v$ の行の配列で、$N_q \times D_v$ の出力を返します。`,
      R`Cosine attention normalises every row of $Q$ and $K$ to length 1 and divides by a temperature $\tau$ instead of $\sqrt{d}$:
$$\operatorname{Attn}(Q, K, V) = \operatorname{softmax}\!\left(\frac{\hat Q \hat K^\top}{\tau}\right) V,\qquad \hat q_i = \frac{q_i}{\lVert q_i \rVert}.$$
Write \`cosineAttention(Q, K, V, temperature)\`. \`Q\` ($N_q \times D$), \`K\` ($N_k \times D$) and \`V\` ($N_k \times D_v$) are arrays of rows; return the $N_q \times D_v$ output.`),
    inputs: (rng, { caseIndex }) => {
      if (caseIndex === 0) return { Q: [[1, 0], [0.6, 0.8]], K: [[1, 0], [0, 2], [3, 3]], V: [[1, 0], [0, 1], [0.5, 0.5]], temperature: 0.5 };
      const nq = rng.int(1, 4), nk = rng.int(2, 5), d = rng.int(2, 6), dv = rng.int(1, 4);
      return { Q: rng.matrix(nq, d), K: rng.matrix(nk, d), V: rng.matrix(nk, dv), temperature: rng.pick([0.1, 0.25, 0.5, 1, 2]) };
    },
    reference: (attn, { Q, K, V, temperature }) =>
      attn.scaledDotProductAttention(tensorOf(Q), tensorOf(K), tensorOf(V), { kind: 'cosine', temperature }).output,
    code: {
      entry: 'cosineAttention',
      args: ['Q', 'K', 'V', 'temperature'],
      cases: 5,
      starter: text(
        '// Q: Nq 行 × D、K: Nk 行 × D、V: Nk 行 × Dv（どれも行の配列）\nfunction cosineAttention(Q, K, V, temperature) {\n  // 1. Q と K の各行を長さ 1 に正規化する\n  // 2. scores[i][j] = (q̂_i · k̂_j) / temperature\n  // 3. 各行にソフトマックス → 重み、重み × V を返す\n  return [];\n}\n',
        '// Q: Nq rows × D, K: Nk rows × D, V: Nk rows × Dv (arrays of rows)\nfunction cosineAttention(Q, K, V, temperature) {\n  // 1. normalise every row of Q and K to length 1\n  // 2. scores[i][j] = (q̂_i · k̂_j) / temperature\n  // 3. softmax each row → weights; return weights × V\n  return [];\n}\n'),
      solution: `function cosineAttention(Q, K, V, temperature) {
  const unit = (r) => { const n = Math.hypot(...r); return r.map((x) => x / n); };
  const q = Q.map(unit), k = K.map(unit);
  return q.map((qi) => {
    const s = k.map((kj) => qi.reduce((acc, x, t) => acc + x * kj[t], 0) / temperature);
    const m = Math.max(...s);
    const e = s.map((x) => Math.exp(x - m));
    const z = e.reduce((a, b) => a + b, 0);
    return V[0].map((_, c) => e.reduce((acc, w, j) => acc + (w / z) * V[j][c], 0));
  });
}`,
    },
    mistakes: [
      {
        id: 'not-normalised',
        label: text('Q と K を正規化していません（ただの内積 / τ）', 'Q and K were not normalised (plain dot product / τ)'),
        compute: (attn, { Q, K, V, temperature }) =>
          attn.scaledDotProductAttention(tensorOf(Q), tensorOf(K), tensorOf(V), { scale: 1 / temperature }).output,
      },
      {
        id: 'extra-sqrt-d',
        label: text(R`さらに $\sqrt{d}$ でも割っています`, R`also divided by $\sqrt{d}$`),
        explain: text(R`コサイン類似度は $[-1, 1]$ に収まるので、$\sqrt{d}$ によるスケールは要りません。温度 $\tau$ だけで割ります。`, R`Cosine similarities already lie in $[-1, 1]$; there is no $\sqrt{d}$ here, only the temperature $\tau$.`),
        compute: (attn, { Q, K, V, temperature }) =>
          attn.scaledDotProductAttention(attn.l2Normalize(tensorOf(Q)), attn.l2Normalize(tensorOf(K)), tensorOf(V), { scale: 1 / (temperature * Math.sqrt(Q[0].length)) }).output,
      },
      {
        id: 'times-temperature',
        label: text('温度で割らずに掛けています', 'multiplied by the temperature instead of dividing'),
        compute: (attn, { Q, K, V, temperature }) =>
          attn.scaledDotProductAttention(tensorOf(Q), tensorOf(K), tensorOf(V), { kind: 'cosine', temperature: 1 / temperature }).output,
      },
      {
        id: 'returned-weights',
        label: text('重み行列を返しています（V を掛けていません）', 'returned the weights (not multiplied by V)'),
        compute: (attn, { Q, K, V, temperature }) =>
          attn.scaledDotProductAttention(tensorOf(Q), tensorOf(K), tensorOf(V), { kind: 'cosine', temperature, returnWeights: true }).weights,
      },
    ],
    hints: [
      text(R`行の長さは \`Math.hypot(...row)\` で求まります。`, R`\`Math.hypot(...row)\` gives a row's length.`),
      text(R`ソフトマックスは各行の最大値を引いてから \`Math.exp\` をとると、温度が小さくてもオーバーフローしません。`, R`Subtract each row's maximum before \`Math.exp\` so that small temperatures do not overflow.`),
      text(R`出力の $(i, c)$ 成分は $\sum_j A_{ij} V_{jc}$ です。`, R`Output entry $(i, c)$ is $\sum_j A_{ij} V_{jc}$.`),
    ],
    explanation: text(
      R`スコアがコサイン類似度なので $[-1/\tau, 1/\tau]$ に収まり、$d$ が大きくても飽和しません。鋭さは温度 $\tau$ だけで決まります。あなたの関数は attnscope の \`scaledDotProductAttention(q, k, v, {kind: 'cosine', temperature})\` と一致しました。`,
      R`The scores are cosine similarities, so they stay within $[-1/\tau, 1/\tau]$ however large $d$ is: only $\tau$ sets how sharp the weights are. Your function agrees with attnscope's \`scaledDotProductAttention(q, k, v, {kind: 'cosine', temperature})\`.`),
  },
];
