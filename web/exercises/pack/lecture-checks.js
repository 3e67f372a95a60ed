// Built-in exercises on points lecture notes tend to get wrong or leave out:
// where a real model sits against Chinchilla's optimum, nanochat's
// sign-flipped RoPE, and ridge regression written in attention's letters.
// Expected values come from attnscope at run time (chinchillaOptimum,
// applyRope and matmul, the in-context experiment's ridgePredict).
import { text, sci, R } from './shared.js';
import { REAL_MODELS } from '../../widgets/scaling-real-models.js';
import { ridgePredict } from '../../experiments/regression-baselines.js';

const t2 = (rows) => ({ data: Float32Array.from(rows.flat()), shape: [rows.length, rows[0].length] });

/** (R(s·m)q)·(R(s·n)k) for 2-D q, k: applyRope at explicit positions, the dot product by matmul. */
function ropeScore(attn, { q, k, m, n }, sign) {
  const rq = attn.applyRope(t2([q]), { positions: [sign * m] });
  const rk = attn.applyRope(t2([k]), { positions: [sign * n] });
  return attn.matmul(rq, { data: rk.data, shape: [2, 1] }).data[0];
}

/** ŷ for one prompt: rows X, labels y, query xq, ridge λ (the in-context experiment's float64 ridge). */
const ridge = ({ X, y, xq }, lambda) => ridgePredict({ B: 1, n: X.length, d: xq.length, x: Float64Array.from(X.flat()), y: Float64Array.from(y), xq: Float64Array.from(xq) }, lambda)[0];

export const exercises = [
  {
    id: 'chinchilla-real-model',
    kind: 'vector',
    topic: 'scaling-laws',
    title: text('実際のモデルは計算最適からどれだけ離れているか', 'How far a real model is from compute-optimal'),
    prompt: text(
      R`{{name}} は $N = {{Ntex}}$ パラメータを $D = {{Dtex}}$ トークンで学習しました。学習の計算量 $C = 6ND$ と、その $C$ での Chinchilla のフィット（方法 3）の計算最適なパラメータ数 $N^*$ を $[C, N^*]$ で答えてください。`,
      R`{{name}} has $N = {{Ntex}}$ parameters trained on $D = {{Dtex}}$ tokens. Give its training compute $C = 6ND$ and the compute-optimal $N^*$ of Chinchilla's fit (approach 3) at that $C$: $[C, N^*]$.`),
    inputs: (rng, { variant }) => {
      const m = variant === 0 ? REAL_MODELS[0] : rng.pick(REAL_MODELS);
      return { name: m.name, N: m.params, D: m.tokens, Ntex: sci(m.params), Dtex: sci(m.tokens) };
    },
    reference: (attn, { N, D }) => [6 * N * D, attn.chinchillaOptimum(6 * N * D).params],
    tolerance: { abs: 0, rel: 0.01 },
    answer: { placeholder: text('例: [3e23, 2e10]', 'e.g. [3e23, 2e10]') },
    mistakes: [
      {
        id: 'two-nd',
        label: text(R`$C = 2ND$（順伝播だけ）にしています`, R`took $C = 2ND$ (the forward pass only)`),
        explain: text(R`学習は順伝播 $2ND$ と逆伝播 $4ND$ で $6ND$ です。`, R`Training is the forward pass, $2ND$, plus the backward pass, $4ND$: $6ND$.`),
        compute: (attn, { N, D }) => [2 * N * D, attn.chinchillaOptimum(2 * N * D).params],
      },
      {
        id: 'twenty-tokens',
        label: text('「パラメータあたり 20 トークン」で N* を出しています', 'took N* from the 20-tokens-per-parameter rule'),
        compute: (attn, { N, D }) => [6 * N * D, Math.sqrt((6 * N * D) / 120)],
      },
    ],
    hints: [text(R`$N^*$ は \`attn.chinchillaOptimum(C).params\` と同じ式：$N^* = G\,(C/6)^{\beta/(\alpha+\beta)}$。`, R`$N^*$ is the closed form of \`attn.chinchillaOptimum(C).params\`: $N^* = G\,(C/6)^{\beta/(\alpha+\beta)}$.`)],
    explanation: text(
      R`$[C, N^*] =$ {{answer}}。$N/N^*$ が 1 より大きければ、同じ計算量でもっと小さなモデルをもっと長く学習させるべきだった（GPT-3）、1 より小さければ、推論を安くするために意図して小さく長く学習させた（Llama-2-7B）ということです。スケーリング則のページに 3 つのモデルが描かれています。`,
      R`$[C, N^*] =$ {{answer}}. $N/N^*$ above 1 means the same compute would have been better spent on a smaller model trained longer (GPT-3); below 1, a model made deliberately small and trained long to be cheap to serve (Llama-2-7B). The Scaling laws page draws all three.`),
  },
  {
    id: 'rope-flipped',
    kind: 'number',
    topic: 'rope',
    title: text('nanochat の RoPE：逆向きの回転', 'nanochat’s RoPE: the rotation the other way'),
    prompt: text(
      R`nanochat は各ペアを $y_1 = x_1\cos\theta + x_2\sin\theta$、$y_2 = -x_1\sin\theta + x_2\cos\theta$ と回します（RoPE の論文とは逆向き）。$D = 2$（$\theta$ は位置 × 1 ラジアン）、$q = {{qtex}}$ が位置 $m = {{m}}$、$k = {{ktex}}$ が位置 $n = {{n}}$ のとき、このやり方でのスコア（回転後の $q$ と $k$ の内積）はいくつですか？`,
      R`nanochat turns each pair as $y_1 = x_1\cos\theta + x_2\sin\theta$, $y_2 = -x_1\sin\theta + x_2\cos\theta$ (the other way from the RoPE paper). With $D = 2$ ($\theta$ = position × 1 radian), $q = {{qtex}}$ at position $m = {{m}}$ and $k = {{ktex}}$ at position $n = {{n}}$, what score (dot product of the rotated $q$ and $k$) does this convention give?`),
    inputs: (rng) => {
      const q = rng.vector(2, { dist: 'uniform', min: -1, max: 1, round: 1 }), k = rng.vector(2, { dist: 'uniform', min: -1, max: 1, round: 1 });
      if (q[0] * k[1] - q[1] * k[0] === 0) q[0] += 0.5; // the two conventions differ only through the cross term
      const m = rng.int(0, 4), n = m + rng.int(1, 3);
      return { q, k, m, n, qtex: `(${q.join(', ')})`, ktex: `(${k.join(', ')})` };
    },
    reference: (attn, inputs) => ropeScore(attn, inputs, -1),
    tolerance: { abs: 0.005, rel: 0.01 },
    answer: { placeholder: text('例: 0.31', 'e.g. 0.31') },
    mistakes: [
      {
        id: 'standard',
        label: text('RoPE の論文の向き（+θ）で回しています', 'turned the RoPE paper’s way (+θ)'),
        explain: text(R`論文の向きではスコアは $q^\top R(n-m) k$、nanochat では $q^\top R(m-n) k$ です。どちらも $n - m$ だけで決まりますが、値は違います。`, R`The paper's way gives $q^\top R(n-m) k$, nanochat's $q^\top R(m-n) k$: both depend on $n - m$ alone, but they are different numbers.`),
        compute: (attn, inputs) => ropeScore(attn, inputs, 1),
      },
      {
        id: 'no-rotation',
        label: text('回転せずに内積をとっています', 'took the dot product without rotating'),
        compute: (attn, { q, k }) => q[0] * k[0] + q[1] * k[1],
      },
    ],
    hints: [text(R`どちらも同じ角度で回すので、スコアは $q^\top R(\pm(n-m))\,k$、つまり $\cos$ と $\sin$ が $n - m$ の角度だけで決まります。`, R`Both turn by the same angles, so the score is $q^\top R(\pm(n-m))\,k$: only the angle $n - m$ matters.`)],
    explanation: text(
      R`{{answer}}。$q^\top R(m-n)k = (q_1k_1 + q_2k_2)\cos(n-m) + (q_1k_2 - q_2k_1)\sin(n-m)$ で、論文の向き（$q^\top R(n-m)k$）とは $\sin$ の項の符号だけが違います。位置のページの文字盤で 2 つの向きを切り替えられます。`,
      R`{{answer}}. $q^\top R(m-n)k = (q_1k_1 + q_2k_2)\cos(n-m) + (q_1k_2 - q_2k_1)\sin(n-m)$: it differs from the paper's way ($q^\top R(n-m)k$) only in the sign of the $\sin$ term. The dial on the Positions page switches between the two.`),
  },
  {
    id: 'ridge-attention',
    kind: 'number',
    topic: 'in-context-learning',
    title: text(R`リッジ回帰をアテンションの記号で：$Q(K^\top K + \lambda I)^{-1}K^\top V$`, R`Ridge regression in attention’s letters: $Q(K^\top K + \lambda I)^{-1}K^\top V$`),
    prompt: text(
      R`プロンプトの組 $x_1 = {{x1}}, y_1 = {{y1}}$、$x_2 = {{x2}}, y_2 = {{y2}}$、$x_3 = {{x3}}, y_3 = {{y3}}$ を、$x_i$ をキー $K$ の行、$y_i$ を値 $V$、問い合わせ $x_q = {{xqTex}}$ を $Q$ とします。リッジ回帰の予測 $\hat y = Q(K^\top K + \lambda I)^{-1}K^\top V$（$\lambda = {{lambda}}$）を求めてください。`,
      R`Take the prompt's pairs $x_1 = {{x1}}, y_1 = {{y1}}$; $x_2 = {{x2}}, y_2 = {{y2}}$; $x_3 = {{x3}}, y_3 = {{y3}}$ with the $x_i$ as the rows of the keys $K$, the $y_i$ as the values $V$, and the query $x_q = {{xqTex}}$ as $Q$. What is ridge regression's prediction $\hat y = Q(K^\top K + \lambda I)^{-1}K^\top V$ with $\lambda = {{lambda}}$?`),
    inputs: (rng) => {
      const X = rng.matrix(3, 2, { dist: 'uniform', min: -2, max: 2, round: 1 });
      const y = rng.vector(3, { dist: 'uniform', min: -2, max: 2, round: 1 });
      const xq = rng.vector(2, { dist: 'uniform', min: -2, max: 2, round: 1 });
      const v = (r) => `(${r.join(', ')})`;
      return { X, y, xq, lambda: 0.5, x1: v(X[0]), x2: v(X[1]), x3: v(X[2]), y1: y[0], y2: y[1], y3: y[2], xq: xq, xqTex: v(xq) };
    },
    reference: (attn, inputs) => ridge(inputs, inputs.lambda),
    tolerance: { abs: 0.005, rel: 0.01 },
    answer: { placeholder: text('例: 0.42', 'e.g. 0.42') },
    mistakes: [
      {
        id: 'no-lambda',
        label: text(R`$\lambda$ を落としています（最小二乗法）`, R`dropped $\lambda$ (least squares)`),
        compute: (attn, inputs) => ridge(inputs, 0),
      },
      {
        id: 'no-inverse',
        label: text(R`$(K^\top K + \lambda I)^{-1}$ を落として $QK^\top V$ にしています`, R`dropped $(K^\top K + \lambda I)^{-1}$: $QK^\top V$`),
        explain: text(R`$QK^\top V$ は正規化しない線形アテンション（勾配降下 1 ステップの $2\eta$ を 1 にしたもの）です。リッジはその間にキーのグラム行列の逆行列を挟みます。`, R`$QK^\top V$ is unnormalised linear attention (one GD step with $2\eta = 1$); ridge puts the inverse of the keys' Gram matrix in between.`),
        compute: (attn, { X, y, xq }) => X.reduce((s, x, i) => s + (x[0] * xq[0] + x[1] * xq[1]) * y[i], 0),
      },
    ],
    hints: [
      text(R`$K^\top K + \lambda I$ は $2 \times 2$ 行列、$K^\top V$ は 2 成分のベクトルです。`, R`$K^\top K + \lambda I$ is $2 \times 2$ and $K^\top V$ a 2-vector.`),
      text(R`$2 \times 2$ の逆行列：$\begin{pmatrix}a & b\\ b & d\end{pmatrix}^{-1} = \frac{1}{ad - b^2}\begin{pmatrix}d & -b\\ -b & a\end{pmatrix}$。`, R`The $2 \times 2$ inverse: $\begin{pmatrix}a & b\\ b & d\end{pmatrix}^{-1} = \frac{1}{ad - b^2}\begin{pmatrix}d & -b\\ -b & a\end{pmatrix}$.`),
    ],
    explanation: text(
      R`$\hat y \approx$ {{answer}}。勾配降下 1 ステップは $Q\cdot 2\eta\cdot K^\top V$ で、リッジはこの $2\eta I$ の場所に $(K^\top K + \lambda I)^{-1}$ を置きます。文脈内学習のページで、学習した線形アテンションの層がどちらに近いかを見られます。`,
      R`$\hat y \approx$ {{answer}}. One GD step is $Q\cdot 2\eta\cdot K^\top V$; ridge puts $(K^\top K + \lambda I)^{-1}$ where the step has $2\eta I$. The in-context page shows which of the two a trained linear-attention layer resembles.`),
  },
];
