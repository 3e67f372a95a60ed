// Built-in exercises: the sinusoidal encoding's dot products depend only on
// the distance; RoPE's two layouts (interleaved and half-split).
import { row, dot, ropeAt, text, R } from './shared.js';

const COLUMNS = 6;

/** Row `m` of P·Pᵀ for columns 0..cols-1, P = sinusoidalPositionalEncoding (core). */
function gramRow(attn, m, d, cols) {
  const P = attn.sinusoidalPositionalEncoding(Math.max(m + 1, cols), d);
  return Array.from({ length: cols }, (_, n) => dot(row(P, m), row(P, n)));
}

/** RoPE in the half layout by hand (for a mistake): pairs (i, i + D/2) turn by `sign`·pos·θ_i. */
function halfRotate(x, pos, sign) {
  const h = x.length / 2, out = [...x];
  for (let i = 0; i < h; i++) {
    const a = sign * pos * 10000 ** (-2 * i / x.length), c = Math.cos(a), s = Math.sin(a);
    out[i] = x[i] * c - x[i + h] * s;
    out[i + h] = x[i] * s + x[i + h] * c;
  }
  return out;
}

export const exercises = [
  {
    id: 'pe-dot-distance',
    kind: 'vector',
    topic: 'positional-encoding',
    title: text('位置の内積は距離だけで決まる', 'Dot products of positions depend only on the distance'),
    prompt: text(
      R`$d_\text{model} = {{d}}$ の正弦波位置エンコーディングで、$G_{mn} = PE(m) \cdot PE(n)$ とします。位置 0 との内積は
$$[G_{0,0}, G_{0,1}, \dots, G_{0,{{last}}}] \approx {{g|3}}$$
でした。位置 $m = {{m}}$ の行 $[G_{{{m}},0}, G_{{{m}},1}, \dots, G_{{{m}},5}]$（6 個）を、エンコーディングを計算し直さずに答えてください。`,
      R`For the sinusoidal encoding with $d_\text{model} = {{d}}$, let $G_{mn} = PE(m) \cdot PE(n)$. The dot products with position 0 are
$$[G_{0,0}, G_{0,1}, \dots, G_{0,{{last}}}] \approx {{g|3}}.$$
Give the row of position $m = {{m}}$, $[G_{{{m}},0}, G_{{{m}},1}, \dots, G_{{{m}},5}]$ (6 numbers), without computing any encoding again.`),
    inputs: (rng, { attn, variant }) => {
      const d = variant === 0 ? 8 : rng.pick([4, 8, 16]);
      const m = variant === 0 ? 2 : rng.int(1, 4);
      return { d, m, last: m + COLUMNS - 1, g: gramRow(attn, 0, d, m + COLUMNS) };
    },
    reference: (attn, { d, m }) => gramRow(attn, m, d, COLUMNS),
    answer: { placeholder: text('例: [2.1, 3.5, 4, 3.5, 2.1, 0.9]', 'e.g. [2.1, 3.5, 4, 3.5, 2.1, 0.9]') },
    mistakes: [
      {
        id: 'copied-row-0',
        label: text('位置 0 の行をそのまま写しています', 'copied the row of position 0'),
        explain: text(R`$G_{mn}$ は差 $n - m$ で決まります。行 $m$ は行 0 を $m$ だけずらしたもので、対角 $G_{mm} = d_\text{model}/2$ が最大です。`,
          R`$G_{mn}$ depends on $n - m$: row $m$ is row 0 shifted by $m$, with its largest value $G_{mm} = d_\text{model}/2$ on the diagonal.`),
        compute: (attn, { g }) => g.slice(0, COLUMNS),
      },
      {
        id: 'sum-of-positions',
        label: text(R`$m + n$ で値を引いています`, R`looked the values up by $m + n$`),
        explain: text(R`各組の寄与は $\sin a\sin b + \cos a\cos b = \cos(a - b)$ なので、決めるのは和ではなく差です。`, R`Each pair contributes $\sin a\sin b + \cos a\cos b = \cos(a - b)$: the difference matters, not the sum.`),
        compute: (attn, { g, m }) => g.slice(m, m + COLUMNS),
      },
      {
        id: 'shift-without-symmetry',
        label: text(R`$n < m$ のところに $G_{0,m-n}$ ではない値を使っています`, R`for $n < m$ the values are not $G_{0,m-n}$`),
        explain: text(R`$\cos$ は偶関数なので $G_{mn} = G_{0,|n - m|}$ です。行は対角の左右で対称になります。`, R`$\cos$ is even, so $G_{mn} = G_{0,|n - m|}$: the row is symmetric about the diagonal.`),
        compute: (attn, { g, m }) => Array.from({ length: COLUMNS }, (_, n) => (n >= m ? g[n - m] : 0)),
      },
    ],
    hints: [
      text(R`$PE(m) \cdot PE(n) = \sum_i \cos\bigl((n - m)\,\omega_i\bigr)$ で、$m$ と $n$ は差 $n - m$ の形でしか現れません。`, R`$PE(m) \cdot PE(n) = \sum_i \cos\bigl((n - m)\,\omega_i\bigr)$: $m$ and $n$ enter only through $n - m$.`),
      text(R`しかも $\cos$ は偶関数なので $G_{mn} = G_{0,|n - m|}$ です。`, R`And $\cos$ is even, so $G_{mn} = G_{0,|n - m|}$.`),
    ],
    explanation: text(
      R`行 {{m}} は $[G_{0,|n - {{m}}|}]_n \approx {{answer|3}}$ です。$G$ はどの対角線に沿っても一定（テプリッツ行列）で、内積は位置の距離しか知りません。ただし位置の「前後」は区別できません（$G_{mn} = G_{nm}$）。`,
      R`Row {{m}} is $[G_{0,|n - {{m}}|}]_n \approx {{answer|3}}$. $G$ is constant along every diagonal (a Toeplitz matrix): the dot product knows only the distance between positions — and not which one comes first ($G_{mn} = G_{nm}$).`),
  },
  {
    id: 'rope-half-layout',
    kind: 'vector',
    topic: 'rope',
    title: text('RoPE の 2 つの並べ方（half レイアウト）', "RoPE's two layouts (the half layout)"),
    prompt: text(
      R`RoPE で回す次元の組の選び方には 2 通りあります。**交互**（interleaved、llama2.c）は隣どうし $(x_{2i}, x_{2i+1})$、**half**（Hugging Face の \`rotate_half\`）は前半と後半 $(x_i, x_{i + D/2})$ を組にします。どちらも組 $i$ を角度 $m\theta_i$、$\theta_i = 10000^{-2i/D}$ だけ回します。$D = 4$、$x = {{x}}$、位置 $m = {{m}}$ のとき、**half** レイアウトで回した $x$ を求めてください。`,
      R`RoPE can pair its dims in two ways. **Interleaved** (llama2.c) pairs neighbours $(x_{2i}, x_{2i+1})$; **half** (Hugging Face's \`rotate_half\`) pairs the first half with the second, $(x_i, x_{i + D/2})$. Either way pair $i$ turns by the angle $m\theta_i$ with $\theta_i = 10000^{-2i/D}$. For $D = 4$, $x = {{x}}$ and position $m = {{m}}$, compute $x$ rotated in the **half** layout.`),
    inputs: (rng, { variant }) => (variant === 0
      ? { x: [1, 0.5, -0.5, 2], m: 1 }
      : { x: rng.vector(4, { dist: 'uniform', min: -2, max: 2, round: 1 }), m: rng.int(1, 5) }),
    reference: (attn, { x, m }) => ropeAt(attn, x, m, 'half'),
    answer: { placeholder: text('例: [0.1, 0.2, 0.3, 0.4]', 'e.g. [0.1, 0.2, 0.3, 0.4]') },
    mistakes: [
      {
        id: 'interleaved',
        label: text(R`交互（interleaved）レイアウトで回しています`, R`rotated in the interleaved layout`),
        explain: text(R`half レイアウトの組は $(x_0, x_2)$ と $(x_1, x_3)$ です。同じ重みでもレイアウトを取り違えると結果が変わるので、チェックポイントを移すときは要注意です。`,
          R`In the half layout the pairs are $(x_0, x_2)$ and $(x_1, x_3)$. Mixing up the layouts changes the result for the same weights — watch out when porting checkpoints.`),
        compute: (attn, { x, m }) => ropeAt(attn, x, m, 'interleaved'),
      },
      {
        id: 'minus-theta',
        label: text(R`$-m\theta$ だけ回しています`, R`rotated by $-m\theta$`),
        explain: text(R`組 $(a, b)$ は $(a\cos - b\sin,\ a\sin + b\cos)$ になります。`, R`A pair $(a, b)$ becomes $(a\cos - b\sin,\ a\sin + b\cos)$.`),
        compute: (attn, { x, m }) => halfRotate(x, m, -1),
      },
      {
        id: 'swapped-frequencies',
        label: text(R`組 $(x_0, x_2)$ と $(x_1, x_3)$ の角度が入れ替わっています`, R`the angles of the pairs $(x_0, x_2)$ and $(x_1, x_3)$ are swapped`),
        explain: text(R`組 $i$ の角度は $m\theta_i$ で、$i = 0$（組 $(x_0, x_2)$）が速い $\theta_0 = 1$、$i = 1$（組 $(x_1, x_3)$）が遅い $\theta_1 = 10000^{-1/2}$ です。`,
          R`Pair $i$ turns by $m\theta_i$: $i = 0$, the pair $(x_0, x_2)$, is the fast one with $\theta_0 = 1$, and $i = 1$, the pair $(x_1, x_3)$, the slow one with $\theta_1 = 10000^{-1/2}$.`),
        compute: (attn, { x, m }) => { const y = halfRotate([x[1], x[0], x[3], x[2]], m, 1); return [y[1], y[0], y[3], y[2]]; },
      },
    ],
    hints: [
      text(R`組は $(x_0, x_2)$ が角度 $m\theta_0 = m$、$(x_1, x_3)$ が角度 $m\theta_1 = m/100$ です。`, R`The pair $(x_0, x_2)$ turns by $m\theta_0 = m$, the pair $(x_1, x_3)$ by $m\theta_1 = m/100$.`),
      text(R`$y_0 = x_0\cos m - x_2\sin m$、$y_2 = x_0\sin m + x_2\cos m$。$y_1, y_3$ も同様に角度 $m/100$ で。`, R`$y_0 = x_0\cos m - x_2\sin m$ and $y_2 = x_0\sin m + x_2\cos m$; likewise $y_1, y_3$ with the angle $m/100$.`),
    ],
    explanation: text(
      R`half レイアウトでは {{answer|3}} です。2 つのレイアウトは次元の並べ替えで移り合うので、$W_Q$ と $W_K$ の列を並べ替えれば同じモデルになります（Hugging Face が Llama の重みを変換するときにしていることです）。どちらでもスコアは相対位置だけに依存します。`,
      R`In the half layout it is {{answer|3}}. The two layouts differ by a permutation of the dims, so permuting the columns of $W_Q$ and $W_K$ gives the same model (which is what Hugging Face's conversion of Llama weights does). Either way the scores depend only on relative positions.`),
  },
];
