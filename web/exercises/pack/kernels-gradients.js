// Built-in exercises from the linear-attention and residual widgets: the
// Performer's estimate of exp(q·k) from given random features, linear
// attention's output from its running state (the core's linearAttention),
// the gradient through a residual stack (Π(1 + w)) and through a linear RNN
// (w^T), the products taken by the core's matmul. Expected values are
// computed by attnscope at run time.
import { text, R } from './shared.js';

const t2 = (rows) => ({ data: Float32Array.from(rows.flat()), shape: [rows.length, rows[0].length] });

/** φ(q)·φ(k) with D = 1 and the given projection w [m]: linearAttention, unnormalised, V = [[1]]. */
function performerKernel(attn, { q, k, w }) {
  return attn.linearAttention(t2([[q]]), t2([[k]]), t2([[1]]), { featureMap: 'performer', projection: t2(w.map((x) => [x])), normalize: false }).output.data[0];
}

/** The last query's output of causal elu + 1 linear attention (or softmax attention). */
function lastOutput(attn, { Q, K, V }, kind = 'linear') {
  const n = Q.length;
  const out = kind === 'linear'
    ? attn.linearAttention(t2(Q), t2(K), t2(V), { featureMap: 'elu1', isCausal: true }).output
    : attn.scaledDotProductAttention(t2(Q), t2(K), t2(V), { isCausal: true }).output;
  return Array.from(out.data.subarray((n - 1) * V[0].length, n * V[0].length));
}

/** Π of the numbers, taken one 1 × 1 matmul at a time by the core (as the widget does for matrices). */
function chain(attn, factors) {
  let p = t2([[1]]);
  for (const f of factors) p = attn.matmul(t2([[f]]), p);
  return p.data[0];
}

/** w^T by repeated squaring, each product a 1 × 1 matmul of the core (a handful of calls, not T). */
function power(attn, w, T) {
  let result = t2([[1]]), base = t2([[w]]);
  for (let e = T; e > 0; e >>= 1) {
    if (e & 1) result = attn.matmul(result, base);
    if (e > 1) base = attn.matmul(base, base);
  }
  return result.data[0];
}

export const exercises = [
  {
    id: 'performer-kernel',
    kind: 'number',
    topic: 'efficient-attention',
    title: text('Performer のランダム特徴で exp(q·k) を見積もる', 'Estimating exp(q·k) with the Performer’s random features'),
    prompt: text(
      R`$D = 1$ のとき Performer の特徴は $\varphi(x) = \frac{1}{\sqrt{m}}\bigl(e^{w_1 x - x^2/2}, \dots, e^{w_m x - x^2/2}\bigr)$ で、$\varphi(q)\cdot\varphi(k)$ は $e^{qk}$ の不偏推定です。$m = 3$、$w = {{wtex}}$、$q = {{q}}$、$k = {{k}}$ のとき $\varphi(q)\cdot\varphi(k)$ はいくつですか？（比べると $e^{qk} = {{exact}}$）`,
      R`For $D = 1$ the Performer's features are $\varphi(x) = \frac{1}{\sqrt{m}}\bigl(e^{w_1 x - x^2/2}, \dots, e^{w_m x - x^2/2}\bigr)$, and $\varphi(q)\cdot\varphi(k)$ is an unbiased estimate of $e^{qk}$. With $m = 3$, $w = {{wtex}}$, $q = {{q}}$, $k = {{k}}$, what is $\varphi(q)\cdot\varphi(k)$? (For comparison, $e^{qk} = {{exact}}$.)`),
    inputs: (rng) => {
      const w = rng.vector(3, { round: 1 });
      const q = rng.int(-10, 10) / 10, k = rng.int(-10, 10) / 10;
      return { w, q, k, wtex: `(${w.join(', ')})`, exact: Number(Math.exp(q * k).toPrecision(4)) };
    },
    reference: (attn, inputs) => performerKernel(attn, inputs),
    tolerance: { abs: 0.001, rel: 0.005 },
    answer: { placeholder: text('例: 1.08', 'e.g. 1.08') },
    mistakes: [
      {
        id: 'no-norm-term',
        label: text(R`$-x^2/2$ の項を落としています`, R`dropped the $-x^2/2$ terms`),
        explain: text(R`$\mathbb{E}_w\, e^{w(q+k)} = e^{(q+k)^2/2}$ なので、$e^{-q^2/2 - k^2/2}$ を掛けてはじめて $e^{qk}$ の推定になります。`, R`$\mathbb{E}_w\, e^{w(q+k)} = e^{(q+k)^2/2}$; only with $e^{-q^2/2 - k^2/2}$ does it estimate $e^{qk}$.`),
        compute: (attn, inputs) => performerKernel(attn, inputs) * Math.exp((inputs.q ** 2 + inputs.k ** 2) / 2),
      },
      {
        id: 'no-sqrt-m',
        label: text(R`$1/\sqrt{m}$ を落としています（和が $m$ 倍）`, R`dropped the $1/\sqrt{m}$ (the sum is $m$ times too big)`),
        compute: (attn, inputs) => 3 * performerKernel(attn, inputs),
      },
    ],
    hints: [
      text(R`$\varphi(q)\cdot\varphi(k) = \frac1m \sum_i e^{w_i(q+k) - (q^2+k^2)/2}$。`, R`$\varphi(q)\cdot\varphi(k) = \frac1m \sum_i e^{w_i(q+k) - (q^2+k^2)/2}$.`),
    ],
    explanation: text(
      R`{{answer}} です（$e^{qk}$ は {{exact}}）。3 つの特徴では外れることもありますが、$m$ を増やすと平均は $e^{qk}$ に近づきます。効率のページのウィジェットで、$m$ と誤差の関係を見られます。`,
      R`{{answer}} (against $e^{qk}$ = {{exact}}). Three features can miss; as $m$ grows the average closes in on $e^{qk}$. The widget on the Efficiency page plots the error against $m$.`),
  },
  {
    id: 'linear-attention-state',
    kind: 'vector',
    topic: 'efficient-attention',
    title: text('線形アテンション：状態 S と z から出力を読む', 'Linear attention: reading the output from S and z'),
    prompt: text(
      R`$\varphi(x) = \mathrm{elu}(x) + 1$（成分ごと）の因果的な線形アテンションで、3 つのトークンのキー $k_1 = {{k1}}$、$k_2 = {{k2}}$、$k_3 = {{k3}}$、値 $v_1 = {{v1}}$、$v_2 = {{v2}}$、$v_3 = {{v3}}$ を読んだ後の状態は $S = \sum_j \varphi(k_j) v_j^\top$、$z = \sum_j \varphi(k_j)$ です。クエリ $q_3 = {{q3}}$ の出力 $\varphi(q_3)^\top S / \varphi(q_3)^\top z$ を答えてください。`,
      R`Causal linear attention with $\varphi(x) = \mathrm{elu}(x) + 1$ (per entry) has read three tokens with keys $k_1 = {{k1}}$, $k_2 = {{k2}}$, $k_3 = {{k3}}$ and values $v_1 = {{v1}}$, $v_2 = {{v2}}$, $v_3 = {{v3}}$: its state is $S = \sum_j \varphi(k_j) v_j^\top$, $z = \sum_j \varphi(k_j)$. What does the query $q_3 = {{q3}}$ read out, $\varphi(q_3)^\top S / \varphi(q_3)^\top z$?`),
    inputs: (rng) => {
      const m = () => rng.matrix(3, 2, { dist: 'uniform', min: -1.5, max: 1.5, round: 1 });
      const Q = m(), K = m(), V = m();
      const v = (r) => `(${r.join(', ')})`;
      return { Q, K, V, q3: v(Q[2]), k1: v(K[0]), k2: v(K[1]), k3: v(K[2]), v1: v(V[0]), v2: v(V[1]), v3: v(V[2]) };
    },
    reference: (attn, inputs) => lastOutput(attn, inputs),
    tolerance: { abs: 0.005, rel: 0.01 },
    answer: { placeholder: text('例: [0.3, -0.2]', 'e.g. [0.3, -0.2]') },
    mistakes: [
      {
        id: 'unnormalised',
        label: text(R`$\varphi(q)^\top z$ で割っていません`, R`did not divide by $\varphi(q)^\top z$`),
        compute: (attn, { Q, K, V }) => {
          const phi = (r) => r.map((x) => (x > 0 ? x + 1 : Math.exp(x)));
          const a = K.map((k) => phi(k).reduce((s, x, i) => s + x * phi(Q[2])[i], 0));
          return [0, 1].map((c) => a.reduce((s, w, j) => s + w * V[j][c], 0));
        },
      },
      {
        id: 'softmax',
        label: text('ソフトマックスのアテンションで計算しています', 'computed softmax attention instead'),
        explain: text(R`elu + 1 の線形アテンションはソフトマックスの近似ではなく、別の重み $\varphi(q)\cdot\varphi(k)$ です。`, R`Linear attention with elu + 1 is not an approximation of softmax: its weights are $\varphi(q)\cdot\varphi(k)$.`),
        compute: (attn, inputs) => lastOutput(attn, inputs, 'softmax'),
      },
    ],
    hints: [
      text(R`$\varphi(x) = x + 1$（$x > 0$）、$e^{x}$（$x \le 0$）。`, R`$\varphi(x) = x + 1$ for $x > 0$, $e^{x}$ otherwise.`),
      text(R`$a_j = \varphi(q_3)\cdot\varphi(k_j)$ として、出力は $\sum_j a_j v_j / \sum_j a_j$。$S, z$ はこの和を先にまとめたものです。`, R`With $a_j = \varphi(q_3)\cdot\varphi(k_j)$ the output is $\sum_j a_j v_j / \sum_j a_j$; $S$ and $z$ are these sums formed ahead.`),
    ],
    explanation: text(
      R`{{answer|3}}。$S$ と $z$ はトークンが何個あっても同じ大きさ（$2 \times 2$ と 2）なので、1 トークンあたりの計算は $O(1)$ です。`,
      R`{{answer|3}}. $S$ and $z$ stay the same size ($2 \times 2$ and 2) however many tokens have passed: $O(1)$ work per token.`),
  },
  {
    id: 'residual-product',
    kind: 'number',
    topic: 'blocks',
    title: text('残差接続を通る勾配：(1 + w) の積', 'The gradient through residual layers: a product of (1 + w)'),
    prompt: text(
      R`スカラーの層 $x_{l+1} = x_l + w_l x_l$ を 5 つ重ねます。$w = {{wtex}}$ のとき $\partial x_5 / \partial x_0$ はいくつですか？`,
      R`Five scalar layers $x_{l+1} = x_l + w_l x_l$ are stacked, with $w = {{wtex}}$. What is $\partial x_5 / \partial x_0$?`),
    inputs: (rng) => {
      const w = rng.vector(5, { dist: 'uniform', min: -0.6, max: 0.6, round: 1 }).map((x) => (x === 0 ? 0.1 : x));
      return { w, wtex: `(${w.join(', ')})` };
    },
    reference: (attn, { w }) => chain(attn, w.map((x) => 1 + x)),
    tolerance: { abs: 0.001, rel: 0.005 },
    answer: { placeholder: text('例: 0.87', 'e.g. 0.87') },
    mistakes: [
      {
        id: 'no-residual',
        label: text(R`$\prod w_l$（残差なしの層の積）を計算しています`, R`took $\prod w_l$ (the layers without the residual)`),
        explain: text(R`各層のヤコビアンは $1 + w_l$ です。「+ x_l」の 1 があるので、小さな $w$ を掛け合わせても勾配が消えません。`, R`Each layer's Jacobian is $1 + w_l$: the 1 of the “+ x_l” keeps the product from vanishing when the $w$ are small.`),
        compute: (attn, { w }) => chain(attn, w),
      },
      {
        id: 'sum',
        label: text(R`$1 + \sum w_l$ にしています`, R`took $1 + \sum w_l$`),
        compute: (attn, { w }) => 1 + w.reduce((a, b) => a + b, 0),
      },
    ],
    hints: [text(R`連鎖律：$\partial x_5/\partial x_0 = \prod_{l} \partial x_{l+1}/\partial x_l$。`, R`Chain rule: $\partial x_5/\partial x_0 = \prod_{l} \partial x_{l+1}/\partial x_l$.`)],
    explanation: text(
      R`$\prod_l (1 + w_l) =$ {{answer}}。残差がなければ $\prod_l w_l$ で、深くなるほど 0 に近づきます。基礎のページのウィジェットで深さとともに比べられます。`,
      R`$\prod_l (1 + w_l) =$ {{answer}}. Without the residual it would be $\prod_l w_l$, shrinking towards 0 with depth; the widget on the basics page draws both against depth.`),
  },
  {
    id: 'rnn-vanishing',
    kind: 'number',
    topic: 'sequence-models',
    title: text('RNN の勾配は何ステップで消えるか', 'How fast an RNN’s gradient vanishes'),
    prompt: text(
      R`線形の RNN $h_t = w\,h_{t-1} + x_t$（$w = {{w}}$）で、$T = {{T}}$ ステップ前の状態への勾配 $\partial h_T / \partial h_0$ はいくつですか？`,
      R`For the linear RNN $h_t = w\,h_{t-1} + x_t$ with $w = {{w}}$, what is the gradient $\partial h_T / \partial h_0$ over $T = {{T}}$ steps?`),
    inputs: (rng, { variant }) => {
      if (variant === 0) return { w: 0.95, T: 100 };
      const w = rng.pick([0.9, 0.95, 0.99]);
      return { w, T: w === 0.9 ? rng.pick([20, 50]) : rng.pick([50, 100]) }; // w^T stays above 1e-3: typed answers carry it
    },
    reference: (attn, { w, T }) => power(attn, w, T),
    tolerance: { abs: 0, rel: 0.01 },
    answer: { placeholder: text('例: 0.0059', 'e.g. 0.0059') },
    mistakes: [
      {
        id: 'off-by-one',
        label: text(R`$w^{T-1}$ にしています`, R`took $w^{T-1}$`),
        compute: (attn, { w, T }) => power(attn, w, T - 1),
      },
      {
        id: 'linear',
        label: text(R`$1 - T(1 - w)$ のように線形に減らしています`, R`let it fall linearly, $1 - T(1 - w)$`),
        explain: text(R`勾配は毎ステップ $w$ 倍になるので、等比級数的（指数関数的）に減ります。`, R`The gradient is multiplied by $w$ every step: it falls geometrically (exponentially).`),
        compute: (attn, { w, T }) => 1 - T * (1 - w),
      },
    ],
    hints: [text(R`$\partial h_t/\partial h_{t-1} = w$ が $T$ 回掛かります。`, R`$\partial h_t/\partial h_{t-1} = w$, multiplied $T$ times.`)],
    explanation: text(
      R`$w^T =$ {{answer}}。$w$ が 1 に近くても、100 ステップ前の入力が損失に与える影響はほとんど残りません。残差の経路（$h_t = h_{t-1} + f(\dots)$）があれば因子は $1 + \dots$ になり、この消失を避けられます。`,
      R`$w^T =$ {{answer}}. Even with $w$ close to 1, an input 100 steps back hardly reaches the loss. With a residual path ($h_t = h_{t-1} + f(\dots)$) each factor is $1 + \dots$ and the gradient survives.`),
  },
];
