// Built-in exercises: sequence models compared — one step of a selective
// state-space scan (Mamba), the path length through a stack of convolutions,
// and self-attention's permutation equivariance without positions.
import { text, tensorOf, toNested, dot, R } from './shared.js';

/** Output y_1 of a two-step, one-channel selective scan on the core (step 0 fills the state). */
function scanStep(attn, { u0, u1, d0, d1, A, B0, B1, C0, C1, D }, returnStates = false) {
  const N = A.length;
  const t = (data, shape) => ({ data: Float32Array.from(data), shape });
  return attn.selectiveScan(t([u0, u1], [2, 1]), t([d0, d1], [2, 1]), t(A, [1, N]), t([...B0, ...B1], [2, N]),
    t([...C0, ...C1], [2, N]), { D: t([D], [1]), returnStates });
}
/** y_1 by hand from the shown state x0, with pieces switched off (for mistakes). */
function stepByHand({ x0, u1, d1, A, B1, C1, D }, { decay = true, deltaOnInput = true, skip = true } = {}) {
  const x1 = x0.map((x, n) => (decay ? Math.exp(d1 * A[n]) : 1) * x + (deltaOnInput ? d1 : 1) * B1[n] * u1);
  return dot(C1, x1) + (skip ? D * u1 : 0);
}

/**
 * Layers a stack of causal convolutions (kernel k: output t sees inputs t-k+1..t) needs before the
 * last of N positions depends on the first: powers of the connectivity matrix on the core's matmul.
 */
function convPathLength(attn, N, k) {
  const band = tensorOf(Array.from({ length: N }, (_, t) => Array.from({ length: N }, (__, s) => (s <= t && s > t - k ? 1 : 0))));
  let reach = band;
  for (let layers = 1; layers <= N; layers++) {
    if (reach.data[(N - 1) * N] > 0) return layers;
    reach = attn.matmul(band, reach);
    reach.data.forEach((v, i) => { reach.data[i] = v > 0 ? 1 : 0; }); // keep 0/1 (no overflow)
  }
  return Infinity;
}

/** Self-attention with q = k = v = X (no projections, no positions) on the core. */
const selfAttention = (attn, X) => toNested(attn.scaledDotProductAttention(tensorOf(X), tensorOf(X), tensorOf(X)).output);
const permuteRows = (M, order) => order.map((r) => M[r]);
const round3 = (M) => M.map((r) => r.map((x) => Math.round(x * 1000) / 1000));

export const exercises = [
  {
    id: 'selective-scan-step',
    kind: 'number',
    topic: 'sequence-models',
    title: text('選択的状態空間モデル（Mamba）の 1 ステップ', 'One step of a selective state-space model (Mamba)'),
    prompt: text(
      R`1 チャネル、状態の大きさ $N = 2$ の選択的スキャンです。各ステップで
$$x_t = e^{\Delta_t A} \odot x_{t-1} + \Delta_t B_t\, u_t,$$
$$y_t = C_t^\top x_t + D\,u_t$$
（$e^{\Delta_t A}$ は成分ごと）。$A = {{A}}$、$D = {{D}}$ で、ステップ 0 の後の状態は $x_0 = {{x0}}$ でした。ステップ 1 は $u_1 = {{u1}}$、$\Delta_1 = {{d1}}$、$B_1 = {{B1}}$、$C_1 = {{C1}}$ です。$y_1$ を求めてください。`,
      R`A selective scan with one channel and state size $N = 2$. Each step does
$$x_t = e^{\Delta_t A} \odot x_{t-1} + \Delta_t B_t\, u_t,$$
$$y_t = C_t^\top x_t + D\,u_t$$
($e^{\Delta_t A}$ elementwise). $A = {{A}}$, $D = {{D}}$, and after step 0 the state is $x_0 = {{x0}}$. Step 1 has $u_1 = {{u1}}$, $\Delta_1 = {{d1}}$, $B_1 = {{B1}}$, $C_1 = {{C1}}$. Compute $y_1$.`),
    inputs: (rng, { attn, variant }) => {
      // Step 0's numbers make x0 = Δ0·B0·u0 exact in float32, so the shown state is the core's.
      const base = variant === 0
        ? { u0: 2, d0: 0.5, B0: [1, -1], u1: 1, d1: 0.5, A: [-1, -2], B1: [0.5, 1], C0: [1, 1], C1: [1, 2], D: 0.5 }
        : {
          u0: rng.pick([1, 2, -1]), d0: rng.pick([0.5, 1]), B0: [rng.int(-2, 2), rng.int(1, 2)],
          u1: rng.pick([1, -1, 2]), d1: rng.pick([0.25, 0.5, 1]), A: [-rng.int(1, 3), -rng.int(1, 3) / 2],
          B1: rng.vector(2, { dist: 'uniform', min: -1, max: 1, round: 1 }), C0: [1, 1],
          C1: rng.vector(2, { dist: 'uniform', min: -2, max: 2, round: 1 }), D: rng.pick([0.5, 1, -0.5]),
        };
      const x0 = Array.from(scanStep(attn, base, true).states.data.subarray(0, 2));
      return { ...base, x0 };
    },
    reference: (attn, inputs) => scanStep(attn, inputs).output.data[1],
    answer: { digits: 4, placeholder: text('例: 1.23', 'e.g. 1.23') },
    mistakes: [
      {
        id: 'no-decay',
        label: text(R`$e^{\Delta A}$ を掛けずに前の状態をそのまま足しています`, R`added the previous state without the factor $e^{\Delta A}$`),
        explain: text(R`$A < 0$ なので $e^{\Delta A} < 1$：状態は毎ステップ少しずつ忘れられます。$\Delta$ が大きいほど強く忘れ、今の入力に置き換わります。`, R`With $A < 0$, $e^{\Delta A} < 1$: the state fades every step. The larger $\Delta$, the more it forgets and the more the current input takes over.`),
        compute: (attn, x) => stepByHand(x, { decay: false }),
      },
      {
        id: 'no-delta-on-input',
        label: text(R`入力の項に $\Delta_1$ を掛けていません`, R`forgot $\Delta_1$ on the input term`),
        compute: (attn, x) => stepByHand(x, { deltaOnInput: false }),
      },
      {
        id: 'no-skip',
        label: text(R`スキップの項 $D\,u_1$ を忘れています`, R`forgot the skip term $D\,u_1$`),
        compute: (attn, x) => stepByHand(x, { skip: false }),
      },
    ],
    hints: [
      text(R`まず $x_1 = [e^{\Delta_1 A_0} x_{0,0} + \Delta_1 B_{1,0} u_1,\ e^{\Delta_1 A_1} x_{0,1} + \Delta_1 B_{1,1} u_1]$ を計算します。`, R`First $x_1 = [e^{\Delta_1 A_0} x_{0,0} + \Delta_1 B_{1,0} u_1,\ e^{\Delta_1 A_1} x_{0,1} + \Delta_1 B_{1,1} u_1]$.`),
      text(R`次に $y_1 = C_{1,0} x_{1,0} + C_{1,1} x_{1,1} + D u_1$。\`exp(0.5*(-1))\` のように式で入力できます。`, R`Then $y_1 = C_{1,0} x_{1,0} + C_{1,1} x_{1,1} + D u_1$. Expressions such as \`exp(0.5*(-1))\` are accepted.`),
    ],
    explanation: text(
      R`$y_1 \approx {{answer|4}}$（attnscope の \`selectiveScan\` で 2 ステップを計算）。Mamba では $\Delta_t$、$B_t$、$C_t$ が入力から作られるので、モデルはトークンごとに「覚える・忘れる・読み出す」を選べます。これが時不変の SSM（畳み込みで書ける）との違いです。`,
      R`$y_1 \approx {{answer|4}}$ (two steps of attnscope's \`selectiveScan\`). In Mamba, $\Delta_t$, $B_t$ and $C_t$ are computed from the input, so the model chooses token by token what to keep, forget and read out — unlike a time-invariant SSM, which is a convolution.`),
  },
  {
    id: 'cnn-path-length',
    kind: 'number',
    topic: 'sequence-models',
    title: text('畳み込みの最大経路長', 'The longest path through convolutions'),
    prompt: text(
      R`長さ $N = {{N}}$ の系列に、カーネル幅 $k = {{k}}$ の因果的な 1 次元畳み込み（出力 $t$ は入力 $t-k+1, \dots, t$ を見る）を重ねます。最後の位置 $N-1$ の出力が最初の位置 0 の入力に依存するには、少なくとも何層必要ですか？（自己アテンションなら 1 層です。）`,
      R`Stack causal 1-D convolutions of kernel width $k = {{k}}$ (output $t$ sees inputs $t-k+1, \dots, t$) over a sequence of length $N = {{N}}$. How many layers at least before the output at the last position $N-1$ depends on the input at position 0? (Self-attention needs one layer.)`),
    inputs: (rng, { variant }) => (variant === 0 ? { N: 16, k: 3 } : { N: rng.pick([10, 20, 33, 64]), k: rng.pick([2, 3, 5]) }),
    tolerance: { abs: 0.1, rel: 0 },
    // Counted with the core: powers of the 0/1 connectivity matrix until entry [N-1, 0] is reached.
    reference: (attn, { N, k }) => convPathLength(attn, N, k),
    mistakes: [
      {
        id: 'k-new-per-layer',
        label: text(R`1 層で $k$ 個ずつ広がると考えています（$\lceil N/k \rceil$）`, R`assumed each layer reaches $k$ further ($\lceil N/k \rceil$)`),
        explain: text(R`$L$ 層の受容野は $1 + L(k-1)$ です。1 層ごとに広がるのは $k - 1$ 個です。`, R`The receptive field of $L$ layers is $1 + L(k-1)$: each layer adds $k - 1$ positions.`),
        compute: (attn, { N, k }) => Math.ceil(N / k),
      },
      {
        id: 'dilated',
        label: text(R`拡張（dilated）畳み込みの $\lceil\log_k N\rceil$ を答えています`, R`gave the dilated convolution's $\lceil\log_k N\rceil$`),
        explain: text(R`間隔を $1, k, k^2, \dots$ と広げる拡張畳み込みなら $O(\log_k N)$ 層ですが、ここは普通の畳み込みです。`, R`Dilations $1, k, k^2, \dots$ would need $O(\log_k N)$ layers; these are plain convolutions.`),
        compute: (attn, { N, k }) => Math.ceil(Math.log(N) / Math.log(k)),
      },
    ],
    hints: [
      text(R`$L$ 層重ねると、出力は入力の $1 + L(k-1)$ 個の連続した位置を見ます。`, R`After $L$ layers an output sees $1 + L(k-1)$ consecutive inputs.`),
      text(R`$1 + L(k-1) \ge N$ となる最小の $L$ を求めます。`, R`Find the smallest $L$ with $1 + L(k-1) \ge N$.`),
    ],
    explanation: text(
      R`{{answer|0}} 層です（attnscope の \`matmul\` で接続行列のべき乗を計算し、位置 0 が届くまで数えています）。一般に $\lceil (N-1)/(k-1) \rceil = O(N/k)$ 層で、拡張畳み込みなら $O(\log_k N)$、RNN は $O(N)$ ステップ、自己アテンションは 1 層です。離れたトークン同士の経路が短いほど、長い依存関係を学びやすくなります。`,
      R`{{answer|0}} layers (counted with attnscope's \`matmul\`: powers of the connectivity matrix until position 0 is reached). In general $\lceil (N-1)/(k-1) \rceil = O(N/k)$ layers; dilated convolutions need $O(\log_k N)$, an RNN $O(N)$ steps, and self-attention one layer. The shorter the path between distant tokens, the easier long-range dependencies are to learn.`),
  },
  {
    id: 'permutation-equivariance',
    kind: 'matrix',
    topic: 'attention',
    title: text('位置なしの自己アテンションは並べ替えに従う', 'Without positions, self-attention follows a shuffle'),
    prompt: text(
      R`位置エンコーディングなしの自己アテンション $Y = \operatorname{softmax}(XX^\top/\sqrt{d})\,X$（$Q = K = V = X$）で、3 トークンの入力 $X = {{X|tex}}$ の出力は
$$Y \approx {{Y|tex}}$$
でした。トークンを並べ替えて、新しい入力の行 0, 1, 2 を元の行 {{order}} にします（$X' = PX$）。$X'$ の出力 $Y'$ を求めてください。`,
      R`Self-attention without positions, $Y = \operatorname{softmax}(XX^\top/\sqrt{d})\,X$ ($Q = K = V = X$), maps the three tokens $X = {{X|tex}}$ to
$$Y \approx {{Y|tex}}.$$
Shuffle the tokens so that rows 0, 1, 2 of the new input are the old rows {{order}} ($X' = PX$). What is the output $Y'$ for $X'$?`),
    inputs: (rng, { attn, variant }) => {
      const X = variant === 0 ? [[1, 0], [0, 2], [1, 1]] : rng.matrix(3, 2, { dist: 'uniform', min: -2, max: 2, round: 1 });
      const order = variant === 0 ? [2, 0, 1] : rng.pick([[2, 0, 1], [1, 2, 0]]);
      return { X, order, Y: round3(selfAttention(attn, X)) };
    },
    // The core's attention on the shuffled tokens themselves.
    reference: (attn, { X, order }) => selfAttention(attn, permuteRows(X, order)),
    answer: { placeholder: text('例: [[1, 2], [3, 4], [5, 6]]', 'e.g. [[1, 2], [3, 4], [5, 6]]') },
    mistakes: [
      {
        id: 'unchanged',
        label: text(R`$Y$ のままです`, R`this is $Y$ unchanged`),
        explain: text(R`各出力行は自分のトークンについていきます：トークンを並べ替えると、出力の行も同じように並べ替わります。`, R`Each output row follows its own token: shuffle the tokens and the output rows shuffle the same way.`),
        compute: (attn, { Y }) => Y,
      },
      {
        id: 'inverse-order',
        label: text('逆向きに並べ替えています', 'shuffled the rows the inverse way'),
        explain: text(R`新しい行 $r$ は元の行 order[$r$] です：$Y'_r = Y_{\text{order}[r]}$。`, R`New row $r$ is old row order[$r$]: $Y'_r = Y_{\text{order}[r]}$.`),
        compute: (attn, { Y, order }) => order.map((_, r) => Y[order.indexOf(r)]),
      },
    ],
    hints: [
      text(R`位置がなければ、トークン $i$ の出力はトークン $i$ 自身と「集合としての」全トークンだけで決まります。`, R`Without positions, token $i$'s output depends only on token $i$ and on the tokens as a set.`),
      text(R`$Y' = PY$：$Y$ の行を {{order}} の順に並べます。`, R`$Y' = PY$: take the rows of $Y$ in the order {{order}}.`),
    ],
    explanation: text(
      R`$Y' \approx {{answer|tex}}$ で、これは $Y$ の行を並べ替えたものです（attnscope のコアで $X'$ のアテンションを直接計算しています）。自己アテンションは並べ替えに対して同変なので、語順を知るには位置エンコーディング（正弦波、RoPE、ALiBi など）が必要です。`,
      R`$Y' \approx {{answer|tex}}$, the rows of $Y$ shuffled (attnscope's core computes the attention of $X'$ directly). Self-attention is permutation-equivariant: to know word order it needs positions (sinusoidal, RoPE, ALiBi, ...).`),
  },
];
