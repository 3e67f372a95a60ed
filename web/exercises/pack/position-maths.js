// Built-in exercises: positions as rotations — RoPE by any angle, the
// sinusoidal encoding's frequencies and its shift matrix A(k), RoPE against
// absolute encodings, and ALiBi without a causal mask.
import { row, dot, rotatePairs, text, tensorOf, R } from './shared.js';

/** RoPE with head dim 2 (θ = 1) applied by the core at a real position: a turn by `angle`. */
const turn = (attn, x, angle) => row(attn.applyRope(tensorOf([x]), { positions: [angle] }), 0);

const ANGLES = [
  { angle: Math.PI / 4, tex: R`\pi/4` }, { angle: Math.PI / 3, tex: R`\pi/3` }, { angle: Math.PI / 6, tex: R`\pi/6` },
  { angle: (3 * Math.PI) / 4, tex: R`3\pi/4` }, { angle: 0.5, tex: '0.5' },
];

/** Pair i of the sinusoidal encoding of d_model d at position p, from the core. */
const pairAt = (attn, table, d, i, p) => [table.data[p * d + 2 * i], table.data[p * d + 2 * i + 1]];

/**
 * A(k) from the core's encoding: A·[pair(0), pair(p)] = [pair(k), pair(p + k)], solved for A,
 * with p the position nearest to a quarter turn (so the 2×2 system is well conditioned).
 */
function shiftMatrix(attn, { d, i, k }) {
  const omega = 10000 ** (-2 * i / d);
  const p = Math.max(1, Math.round(Math.PI / (2 * omega)));
  const table = attn.sinusoidalPositionalEncoding(p + k + 1, d);
  const [x0, x1] = [pairAt(attn, table, d, i, 0), pairAt(attn, table, d, i, p)];
  const [y0, y1] = [pairAt(attn, table, d, i, k), pairAt(attn, table, d, i, p + k)];
  const det = x0[0] * x1[1] - x1[0] * x0[1];
  const inv = [[x1[1] / det, -x1[0] / det], [-x0[1] / det, x0[0] / det]]; // [x0 x1]^-1 (columns)
  return [0, 1].map((r) => [0, 1].map((c) => y0[r] * inv[0][c] + y1[r] * inv[1][c]));
}
const rotation = (a, sign = 1) => [[Math.cos(a), sign * Math.sin(a)], [-sign * Math.sin(a), Math.cos(a)]];

/** The divisors 10000^(2i/d) as the core's encoding has them: ω_i = atan2(PE(1, 2i), PE(1, 2i+1)). */
function divisors(attn, d) {
  const pe = attn.sinusoidalPositionalEncoding(2, d);
  return Array.from({ length: d / 2 }, (_, i) => 1 / Math.atan2(pe.data[d + 2 * i], pe.data[d + 2 * i + 1]));
}

export const exercises = [
  {
    id: 'rope-quarter-turn',
    kind: 'vector',
    topic: 'rope',
    title: text('RoPE の組を角度 φ だけ回す', 'Turning a RoPE pair by an angle φ'),
    prompt: text(
      R`RoPE は次元の組 $(x_{2i}, x_{2i+1})$ を角度 $\varphi = m\theta_i$ だけ反時計回りに回します。ある組の角度がちょうど $\varphi = {{phi}}$ ラジアンになったとき、$x = {{x}}$ は何になりますか？
$$R(\varphi)\,x = \begin{bmatrix}\cos\varphi & -\sin\varphi \\ \sin\varphi & \cos\varphi\end{bmatrix} x$$`,
      R`RoPE turns each pair of dims $(x_{2i}, x_{2i+1})$ counter-clockwise by the angle $\varphi = m\theta_i$. When a pair's angle is exactly $\varphi = {{phi}}$ radians, what does $x = {{x}}$ become?
$$R(\varphi)\,x = \begin{bmatrix}\cos\varphi & -\sin\varphi \\ \sin\varphi & \cos\varphi\end{bmatrix} x$$`),
    inputs: (rng, { variant }) => {
      const a = variant === 0 ? ANGLES[0] : rng.pick(ANGLES);
      const x = variant === 0 ? [2, 1] : rng.vector(2, { dist: 'uniform', min: -2, max: 2, round: 1 });
      return { x, angle: a.angle, phi: a.tex };
    },
    // attnscope's applyRope at the real position φ with head dim 2 (θ_0 = 1): a turn by exactly φ.
    reference: (attn, { x, angle }) => turn(attn, x, angle),
    answer: { placeholder: text('例: [0.71, 2.12]', 'e.g. [0.71, 2.12]') },
    mistakes: [
      {
        id: 'clockwise',
        label: text('時計回りに回しています', 'turned clockwise'),
        explain: text(R`$R(\varphi)$ の 1 行目は $[\cos\varphi, -\sin\varphi]$ です。$\varphi > 0$ は反時計回り。`, R`The first row of $R(\varphi)$ is $[\cos\varphi, -\sin\varphi]$: a positive $\varphi$ turns counter-clockwise.`),
        compute: (attn, { x, angle }) => rotatePairs(x, () => -angle),
      },
      {
        id: 'degrees',
        label: text('角度を度（°）として計算しています', 'took the angle in degrees'),
        compute: (attn, { x, angle }) => rotatePairs(x, () => (angle * Math.PI) / 180),
      },
    ],
    hints: [
      text(R`$\cos\frac{\pi}{4} = \sin\frac{\pi}{4} = \frac{\sqrt 2}{2} \approx 0.7071$。式のまま \`[2*cos(pi/4) - 1*sin(pi/4), …]\` と入力できます。`, R`$\cos\frac{\pi}{4} = \sin\frac{\pi}{4} = \frac{\sqrt 2}{2} \approx 0.7071$. You may type \`[2*cos(pi/4) - 1*sin(pi/4), …]\`.`),
      text(R`$R(\varphi)x = [x_0\cos\varphi - x_1\sin\varphi,\ x_0\sin\varphi + x_1\cos\varphi]$。`, R`$R(\varphi)x = [x_0\cos\varphi - x_1\sin\varphi,\ x_0\sin\varphi + x_1\cos\varphi]$.`),
    ],
    explanation: text(
      R`$R({{phi}})\,x \approx {{answer}}$（attnscope の \`applyRope\` に位置 $\varphi$ をそのまま与え、ヘッド次元 2 で $\theta_0 = 1$ として計算）。長さは $x$ と同じです。組 $i$ の角度は位置 $m$ に比例して $m\theta_i$ と増えるので、位置が 1 進むごとに組は一定の角度ずつ回ります。`,
      R`$R({{phi}})\,x \approx {{answer}}$ (attnscope's \`applyRope\` given the real position $\varphi$, head dim 2, so $\theta_0 = 1$). The length is that of $x$. Pair $i$'s angle grows with the position as $m\theta_i$: each step along the sequence turns the pair by the same angle.`),
  },
  {
    id: 'pe-shift-matrix',
    kind: 'matrix',
    topic: 'positional-encoding',
    title: text('正弦波エンコーディングのずらし行列 A(k)', "The sinusoidal encoding's shift matrix A(k)"),
    prompt: text(
      R`$d_\text{model} = {{d}}$ の正弦波位置エンコーディングの組 $i = {{i}}$ は $p(pos) = \big(\sin(\omega\,pos),\ \cos(\omega\,pos)\big)$、$\omega = 10000^{-2i/d_\text{model}}$ です。どの $pos$ でも $p(pos + k) = A(k)\,p(pos)$ となる $2 \times 2$ 行列 $A(k)$ を、$k = {{k}}$ について求めてください。`,
      R`Pair $i = {{i}}$ of the sinusoidal encoding with $d_\text{model} = {{d}}$ is $p(pos) = \big(\sin(\omega\,pos),\ \cos(\omega\,pos)\big)$ with $\omega = 10000^{-2i/d_\text{model}}$. Find the $2 \times 2$ matrix $A(k)$ with $p(pos + k) = A(k)\,p(pos)$ for every $pos$, for $k = {{k}}$.`),
    inputs: (rng, { variant }) => (variant === 0 ? { d: 8, i: 1, k: 3 } : { d: 8, i: rng.int(0, 2), k: rng.int(2, 9) }),
    // Solved from the core's encoding table (two positions, their shifts by k): no formula assumed.
    reference: (attn, inputs) => shiftMatrix(attn, inputs),
    answer: { placeholder: text('例: [[0.96, 0.3], [-0.3, 0.96]]', 'e.g. [[0.96, 0.3], [-0.3, 0.96]]') },
    mistakes: [
      {
        id: 'standard-rotation',
        label: text(R`教科書の回転行列 $\begin{bmatrix}\cos & -\sin\\ \sin & \cos\end{bmatrix}$ をそのまま使っています`, R`used the textbook rotation $\begin{bmatrix}\cos & -\sin\\ \sin & \cos\end{bmatrix}$ as it is`),
        explain: text(R`組の並びは $(\sin, \cos)$ です。加法定理 $\sin(a+b) = \sin a\cos b + \cos a \sin b$、$\cos(a+b) = \cos a\cos b - \sin a\sin b$ から、1 行目は $[\cos k\omega, \sin k\omega]$ になります。`,
          R`The pair is ordered $(\sin, \cos)$. From $\sin(a+b) = \sin a\cos b + \cos a \sin b$ and $\cos(a+b) = \cos a\cos b - \sin a\sin b$, the first row is $[\cos k\omega, \sin k\omega]$.`),
        compute: (attn, { d, i, k }) => rotation(k * 10000 ** (-2 * i / d), -1),
      },
      {
        id: 'angle-k',
        label: text(R`角度を $k\omega$ ではなく $k$ にしています`, R`used the angle $k$ instead of $k\omega$`),
        compute: (attn, { k }) => rotation(k),
      },
    ],
    hints: [
      text(R`$\omega = 10000^{-2\cdot{{i}}/{{d}}}$、角度は $k\omega$ です。`, R`$\omega = 10000^{-2\cdot{{i}}/{{d}}}$; the angle is $k\omega$.`),
      text(R`$\sin(\omega pos + k\omega)$ と $\cos(\omega pos + k\omega)$ を加法定理で展開し、$\sin\omega pos$ と $\cos\omega pos$ の係数を並べます。`, R`Expand $\sin(\omega pos + k\omega)$ and $\cos(\omega pos + k\omega)$ with the addition formulas and collect the coefficients of $\sin\omega pos$ and $\cos\omega pos$.`),
    ],
    explanation: text(
      R`$A({{k}}) \approx {{answer|tex}}$。$pos$ によらない回転行列なので、ずらし $k$ は線形写像で表せます。attnscope はこの行列を、コアが計算したエンコーディング表の 2 つの位置とそれを $k$ ずらした位置から連立方程式を解いて求めています。この性質があるので、モデルは相対位置に反応する重みを学べる、というのが元論文の動機でした。`,
      R`$A({{k}}) \approx {{answer|tex}}$: a rotation that does not depend on $pos$, so a shift by $k$ is a linear map. attnscope finds it by solving a 2×2 system from two positions of the core's encoding table and the same positions shifted by $k$. This is why the original paper hoped a model could learn to attend by relative position.`),
  },
  {
    id: 'pe-frequencies-d8',
    kind: 'vector',
    topic: 'positional-encoding',
    title: text('正弦波エンコーディングの周波数', 'Frequencies of the sinusoidal encoding'),
    prompt: text(
      R`$d_\text{model} = {{d}}$ の正弦波位置エンコーディングでは、組 $i = 0, 1, \dots$ が $\sin(pos / c_i)$、$\cos(pos / c_i)$ を使い、分母は $c_i = 10000^{2i/d_\text{model}}$ です。分母 $[c_0, c_1, \dots]$ をすべて求めてください。`,
      R`The sinusoidal positional encoding with $d_\text{model} = {{d}}$ gives pair $i = 0, 1, \dots$ the waves $\sin(pos / c_i)$ and $\cos(pos / c_i)$ with divisor $c_i = 10000^{2i/d_\text{model}}$. Give all the divisors $[c_0, c_1, \dots]$.`),
    inputs: (rng, { variant }) => ({ d: variant === 0 ? 8 : rng.pick([4, 6, 12]) }),
    // Read back from the core's encoding at position 1: ω_i = atan2(sin ω_i, cos ω_i), c_i = 1/ω_i.
    reference: (attn, { d }) => divisors(attn, d),
    answer: { placeholder: text('例: [1, 10, 100, 1000]', 'e.g. [1, 10, 100, 1000]') },
    mistakes: [
      {
        id: 'i-over-d',
        label: text(R`指数を $i/d_\text{model}$ にしています（2 が抜けています）`, R`used the exponent $i/d_\text{model}$ (the 2 is missing)`),
        explain: text(R`指数は $2i/d_\text{model}$ です。$d_\text{model} = 8$ なら組 1 の分母は $10000^{2/8} = 10$ です（$5.62$ や $3.16$ ではありません）。`, R`The exponent is $2i/d_\text{model}$: for $d_\text{model} = 8$, pair 1's divisor is $10000^{2/8} = 10$ (not 5.62 or 3.16).`),
        compute: (attn, { d }) => Array.from({ length: d / 2 }, (_, i) => 10000 ** (i / d)),
      },
      {
        id: 'frequencies',
        label: text(R`分母ではなく周波数 $\omega_i = 1/c_i$ を答えています`, R`gave the frequencies $\omega_i = 1/c_i$, not the divisors`),
        compute: (attn, { d }) => Array.from({ length: d / 2 }, (_, i) => 10000 ** (-2 * i / d)),
      },
      {
        id: 'pairs-from-one',
        label: text(R`組を $i = 1$ から数えています`, R`counted the pairs from $i = 1$`),
        compute: (attn, { d }) => Array.from({ length: d / 2 }, (_, i) => 10000 ** ((2 * (i + 1)) / d)),
      },
    ],
    hints: [
      text(R`組は $d_\text{model}/2 = {{d}}/2$ 個、$i = 0$ から数えます。$c_0 = 10000^0 = 1$。`, R`There are $d_\text{model}/2 = {{d}}/2$ pairs, counted from $i = 0$; $c_0 = 10000^0 = 1$.`),
      text(R`$c_i = 10000^{2i/{{d}}}$。式のまま \`10000^(2/{{d}})\` と入力できます。`, R`$c_i = 10000^{2i/{{d}}}$; you may type \`10000^(2/{{d}})\`.`),
    ],
    explanation: text(
      R`分母は {{answer|2}} です（attnscope のエンコーディングの位置 1 の値から $\omega_i = \operatorname{atan2}(\sin\omega_i, \cos\omega_i)$ として読み戻しています）。分母は組ごとに $10000^{2/d_\text{model}}$ 倍になり、最後の組の波長 $2\pi c_i$ は数千トークンに及びます。`,
      R`The divisors are {{answer|2}} (read back from attnscope's encoding at position 1 as $\omega_i = \operatorname{atan2}(\sin\omega_i, \cos\omega_i)$). Each pair's divisor is $10000^{2/d_\text{model}}$ times the previous one, so the last pair's wavelength $2\pi c_i$ spans thousands of tokens.`),
  },
  {
    id: 'rope-vs-absolute',
    kind: 'choice',
    topic: 'rope',
    title: text('RoPE と絶対位置エンコーディングの違い', 'RoPE versus absolute position encodings'),
    prompt: text(
      R`位置の入れ方を 2 つ比べます。(a) 絶対位置：埋め込み $x_m$ に正弦波エンコーディング $PE(m)$ を足してから $q = (x_m + PE(m))W_Q$、$k$、$v$ を作る。(b) RoPE：$q = R(m)\,x_m W_Q$、$k = R(n)\,x_n W_K$ と回し、$v$ には何もしない。RoPE には成り立ち、(a) には成り立たないのはどれですか？`,
      R`Compare two ways to add positions. (a) Absolute: add the sinusoidal encoding $PE(m)$ to the embedding $x_m$, then form $q = (x_m + PE(m))W_Q$, $k$ and $v$. (b) RoPE: turn $q = R(m)\,x_m W_Q$ and $k = R(n)\,x_n W_K$, and leave $v$ alone. Which holds for RoPE but not for (a)?`),
    choices: [
      text(R`スコア $q_m^\top k_n$ は位置を差 $n - m$ を通してしか使わない`, R`the score $q_m^\top k_n$ uses the positions only through the offset $n - m$`),
      text('位置によってベクトルの長さが変わる', "a vector's length changes with its position"),
      text('位置の情報が学習されるパラメータを増やす', 'the position information adds learned parameters'),
      text(R`位置の情報がバリュー $v$ にも入る`, R`the values $v$ carry position information too`),
    ],
    random: false,
    inputs: (rng) => ({ x: rng.vector(8), y: rng.vector(8), m: 3, n: 7, shift: 5 }),
    // Each option tested on both schemes with the core (W = I, so q = k = v = the positioned vector):
    // the right option is the one that holds for RoPE and fails for the absolute encoding.
    reference: (attn, { x, y, m, n, shift }) => {
      const rope = (v, p) => row(attn.applyRope(tensorOf([v]), { positions: [p] }), 0);
      const table = attn.sinusoidalPositionalEncoding(n + shift + 1, 8);
      const abs = (v, p) => v.map((a, c) => a + table.data[p * 8 + c]);
      const norm = (v) => Math.sqrt(dot(v, v));
      const close = (a, b) => Math.abs(a - b) < 1e-4;
      const holds = (place, valuesMoved) => [
        close(dot(place(x, m), place(y, n)), dot(place(x, m + shift), place(y, n + shift))),
        !close(norm(place(x, m)), norm(x)),
        attn.countParameters({ dModel: 8, nHeads: 2, dFF: 8, nLayers: 1, vocabSize: 4, positions: place === rope ? 'rope' : 'sinusoidal' }).total
          > attn.countParameters({ dModel: 8, nHeads: 2, dFF: 8, nLayers: 1, vocabSize: 4, positions: 'none' }).total,
        valuesMoved,
      ];
      const ropeHolds = holds(rope, false), absHolds = holds(abs, true); // v = x W_V for RoPE, (x + PE) W_V for (a)
      return ropeHolds.findIndex((h, o) => h && !absHolds[o]);
    },
    mistakes: [
      {
        id: 'norm-changes', choice: 1,
        label: text('それは (a) の性質です', 'that is a property of (a)'),
        explain: text(R`回転は長さを変えません：$\lVert R(m)q \rVert = \lVert q \rVert$。長さが変わるのは $PE(m)$ を足す (a) の方です。`, R`A rotation keeps lengths: $\lVert R(m)q \rVert = \lVert q \rVert$. Adding $PE(m)$, as (a) does, is what changes them.`),
      },
      {
        id: 'learned', choice: 2,
        label: text('どちらも学習するパラメータはありません', 'neither has learned parameters'),
        explain: text(R`正弦波エンコーディングも RoPE も固定の式です（学習する位置埋め込みを持つのは GPT-2 のような方式）。`, R`Both the sinusoidal encoding and RoPE are fixed formulas (learned position embeddings are GPT-2's scheme).`),
      },
      {
        id: 'values', choice: 3,
        label: text('それも (a) の性質です', 'that is (a) again'),
        explain: text(R`RoPE が回すのは $q$ と $k$ だけで、$v$ には位置が入りません。`, R`RoPE turns only $q$ and $k$; $v$ carries no position.`),
      },
    ],
    hints: [
      text(R`$(R(m)q)^\top R(n)k = q^\top R(n - m)\,k$ でした。(a) では $(x_m + PE(m))^\top(x_n + PE(n))$ を展開してみましょう。`, R`Recall $(R(m)q)^\top R(n)k = q^\top R(n - m)\,k$. For (a), expand $(x_m + PE(m))^\top(x_n + PE(n))$.`),
    ],
    explanation: text(
      R`(a) のスコアには $x_m^\top PE(n)$ のように絶対位置を含む項が残りますが、RoPE のスコアは $q^\top R(n-m)\,k$ で差 $n - m$ だけに依存します。正解はこのページの中で、乱数のベクトルと $m = 3$、$n = 7$ を 5 ずらして、両方の方式の各選択肢を attnscope のコアで確かめて選んでいます。`,
      R`In (a) the score keeps terms such as $x_m^\top PE(n)$ that involve absolute positions; RoPE's score is $q^\top R(n-m)\,k$, a function of the offset $n - m$ only. The right option is chosen in this page by testing every option on both schemes with the attnscope core, for random vectors at $m = 3$, $n = 7$ shifted by 5.`),
  },
  {
    id: 'alibi-later-key',
    kind: 'number',
    topic: 'alibi',
    title: text('マスクなしの ALiBi：後ろのキーへのバイアス', 'ALiBi without a mask: the bias of a later key'),
    prompt: text(
      R`エンコーダ（因果マスクなし）で ALiBi を使います。ヘッドは $H = {{H}}$ 個、傾きは $m_h = 2^{-8h/H}$（$h = 1, \dots, H$）、バイアスは $-m_h\,|i - j|$ です。ヘッド $h = {{h}}$ が位置 $i = {{i}}$ のクエリと、その**後ろ**の位置 $j = {{j}}$ のキーのスコアに足すバイアスはいくつですか？`,
      R`An encoder (no causal mask) uses ALiBi with $H = {{H}}$ heads, slopes $m_h = 2^{-8h/H}$ ($h = 1, \dots, H$) and bias $-m_h\,|i - j|$. What bias does head $h = {{h}}$ add to the score of the query at position $i = {{i}}$ and the key at the **later** position $j = {{j}}$?`),
    inputs: (rng, { variant }) => {
      if (variant === 0) return { H: 8, h: 2, i: 3, j: 7 };
      const H = rng.pick([4, 8, 16]), i = rng.int(0, 10);
      return { H, h: rng.int(1, H), i, j: i + rng.int(1, 8) };
    },
    // Entry [h-1, i, j] of the core's alibiBias(H, n) [H, n, n] (no mask: later keys are penalised too).
    reference: (attn, { H, h, i, j }) => {
      const n = j + 1;
      return attn.alibiBias(H, n).data[(h - 1) * n * n + i * n + j];
    },
    answer: { digits: 6, placeholder: text('例: -0.5', 'e.g. -0.5') },
    mistakes: [
      {
        id: 'causal-formula',
        label: text(R`因果的な場合の式 $m_h (j - i)$ をそのまま使っています（正になっています）`, R`used the causal formula $m_h (j - i)$ as it is (a positive bias)`),
        explain: text(R`$m_h(j - i)$ は $j \le i$ でしか使われない因果的な場合の書き方です。マスクがないと後ろのキー $j > i$ に正のバイアスを与え、遠い未来ほど有利になってしまいます。どちらの向きも $-m_h|i - j|$ で罰します。`,
          R`$m_h(j - i)$ is the causal form, used only where $j \le i$. Without a mask it would give later keys $j > i$ a positive bias, rewarding the far future; both directions are penalised, by $-m_h|i - j|$.`),
        compute: (attn, { H, h, i, j }) => 2 ** (-8 * h / H) * (j - i),
      },
      {
        id: 'no-slope',
        label: text(R`傾き $m_h$ を掛けていません`, R`the slope $m_h$ is missing`),
        compute: (attn, { i, j }) => -Math.abs(i - j),
      },
      {
        id: 'zero-based-head',
        label: text(R`ヘッドを 0 から数えています（$m_{h+1}$ を使っています）`, R`counted the heads from 0 (used $m_{h+1}$)`),
        compute: (attn, { H, h, i, j }) => -(2 ** (-8 * (h + 1) / H)) * Math.abs(i - j),
      },
    ],
    hints: [
      text(R`$m_{{{h}}} = 2^{-8 \cdot {{h}} / {{H}}}$。`, R`$m_{{{h}}} = 2^{-8 \cdot {{h}} / {{H}}}$.`),
      text(R`距離は $|i - j| = |{{i}} - {{j}}|$。バイアスは負です。`, R`The distance is $|i - j| = |{{i}} - {{j}}|$, and the bias is negative.`),
    ],
    explanation: text(
      R`バイアスは $-m_{{{h}}}\,|{{i}} - {{j}}| = {{answer|6}}$ です（attnscope の \`alibiBias\`）。前のキーも後ろのキーも、距離が同じなら同じだけ罰せられます。因果マスクがあるときは $j \le i$ しか使わないので $m_h(j - i)$ と書いても同じ値ですが、双方向のアテンションでは符号が決定的に違います。`,
      R`The bias is $-m_{{{h}}}\,|{{i}} - {{j}}| = {{answer|6}}$ (attnscope's \`alibiBias\`). Earlier and later keys at the same distance are penalised alike. With a causal mask only $j \le i$ is used, so writing $m_h(j - i)$ gives the same values; in bidirectional attention the sign makes all the difference.`),
  },
];
