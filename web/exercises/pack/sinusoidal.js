// Built-in exercises: the sinusoidal positional encoding.
import { row, dot, text, R } from './shared.js';

const peRow = (attn, pos, d) => row(attn.sinusoidalPositionalEncoding(pos + 1, d), pos);
const swapPairs = (v) => v.map((_, k) => v[k ^ 1]);

export const exercises = [
  {
    id: 'pe-position',
    kind: 'vector',
    topic: 'positional-encoding',
    title: text('正弦波位置エンコーディングの値', 'Values of the sinusoidal encoding'),
    prompt: text(
      R`$d_\text{model} = {{d}}$ の正弦波位置エンコーディングは
$$PE(pos, 2i) = \sin\frac{pos}{10000^{2i/d_\text{model}}},\qquad PE(pos, 2i+1) = \cos\frac{pos}{10000^{2i/d_\text{model}}}$$
です。位置 $pos = {{pos}}$ のベクトル $PE({{pos}}) \in \mathbb{R}^{{{d}}}$ を求めてください。`,
      R`The sinusoidal positional encoding with $d_\text{model} = {{d}}$ is
$$PE(pos, 2i) = \sin\frac{pos}{10000^{2i/d_\text{model}}},\qquad PE(pos, 2i+1) = \cos\frac{pos}{10000^{2i/d_\text{model}}}.$$
Compute the vector $PE({{pos}}) \in \mathbb{R}^{{{d}}}$ at position $pos = {{pos}}$.`),
    inputs: (rng, { variant }) => ({ pos: variant === 0 ? 1 : rng.int(2, 9), d: 4 }),
    reference: (attn, { pos, d }) => peRow(attn, pos, d),
    // Per entry: the slow pair's sin(pos/100) is as small as 0.01, so an absolute
    // 0.01 would accept 0 for it; 0.001 still passes it rounded to 2 decimals.
    tolerance: { abs: [0.01, 0.01, 0.001, 0.001], rel: 0.01 },
    answer: { placeholder: text('例: [0.1, 0.2, 0.3, 0.4]', 'e.g. [0.1, 0.2, 0.3, 0.4]') },
    mistakes: [
      {
        id: 'swapped-sin-cos',
        label: text('sin と cos が入れ替わっています', 'sin and cos are swapped'),
        explain: text(R`偶数番目の次元 $2i$ が $\sin$、奇数番目 $2i+1$ が $\cos$ です（0 から数えます）。`,
          R`Even dims $2i$ take $\sin$ and odd dims $2i+1$ take $\cos$ (counting from 0).`),
        compute: (attn, { pos, d }) => swapPairs(peRow(attn, pos, d)),
      },
      {
        id: 'exponent-dim-index',
        label: text(R`指数に次元番号 $k$ を使っています（$2i$ ではなく）`, R`the exponent uses the dim index $k$ instead of $2i$`),
        explain: text(R`同じ組 $(2i, 2i+1)$ の 2 つの次元は同じ角度 $pos/10000^{2i/d}$ を使います。`,
          R`Both dims of a pair $(2i, 2i+1)$ share one angle, $pos/10000^{2i/d}$.`),
        compute: (attn, { pos, d }) => Array.from({ length: d }, (_, k) => (k % 2 ? Math.cos : Math.sin)(pos / 10000 ** (k / d))),
      },
      {
        id: 'slow-pair-at-zero',
        label: text(R`ゆっくり回る組 $(\sin, \cos)(pos/100)$ を $(0, 1)$ にしています`, R`the slow pair $(\sin, \cos)(pos/100)$ was taken as $(0, 1)$`),
        explain: text(R`$i = 1$ の角度は $pos/100$ で、0 ではありません。小さくても $\sin(pos/100) \approx pos/100$ です。`,
          R`The angle of pair $i = 1$ is $pos/100$, not 0: small, but $\sin(pos/100) \approx pos/100$.`),
        compute: (attn, { pos }) => [Math.sin(pos), Math.cos(pos), 0, 1],
      },
      {
        id: 'degrees',
        label: text('角度を度（°）で計算しています', 'the angles were taken in degrees'),
        explain: text('sin と cos の引数はラジアンです。電卓が DEG モードになっていませんか？', 'The arguments of sin and cos are radians. Is your calculator in DEG mode?'),
        compute: (attn, { pos, d }) => Array.from({ length: d }, (_, k) => (k % 2 ? Math.cos : Math.sin)((pos / 10000 ** ((k - (k % 2)) / d)) * Math.PI / 180)),
      },
    ],
    hints: [
      text(R`$d_\text{model} = {{d}}$ なので組は $i = 0, 1$ の 2 つ。組 $i$ の角度は $pos / 10000^{2i/{{d}}}$ です。`,
        R`With $d_\text{model} = {{d}}$ there are two pairs, $i = 0, 1$. Pair $i$ uses the angle $pos / 10000^{2i/{{d}}}$.`),
      text(R`$i = 0$ の分母は $10000^0 = 1$、$i = 1$ の分母は $10000^{2/4} = 100$ です。`,
        R`For $i = 0$ the divisor is $10000^0 = 1$; for $i = 1$ it is $10000^{2/4} = 100$.`),
      text(R`並びは $[\sin a_0, \cos a_0, \sin a_1, \cos a_1]$、$a_0 = {{pos}}$、$a_1 = {{pos}}/100$（ラジアン）。`,
        R`The order is $[\sin a_0, \cos a_0, \sin a_1, \cos a_1]$ with $a_0 = {{pos}}$, $a_1 = {{pos}}/100$ (radians).`),
    ],
    explanation: text(
      R`$PE({{pos}}) = [\sin {{pos}},\ \cos {{pos}},\ \sin\tfrac{{{pos}}}{100},\ \cos\tfrac{{{pos}}}{100}] \approx {{answer}}$。低い次元の組は位置とともに速く回り、高い次元の組はゆっくり回ります。各組が 1 つの時計の針のように働き、組み合わせると位置が一意に決まります。`,
      R`$PE({{pos}}) = [\sin {{pos}},\ \cos {{pos}},\ \sin\tfrac{{{pos}}}{100},\ \cos\tfrac{{{pos}}}{100}] \approx {{answer}}$. Low pairs turn quickly with the position and high pairs slowly: each pair is the hand of a clock, and together they pin down the position.`),
  },
  {
    id: 'pe-norm',
    kind: 'number',
    topic: 'positional-encoding',
    title: text('位置エンコーディングのノルム', 'The norm of a positional encoding'),
    prompt: text(
      R`$d_\text{model} = {{d}}$ の正弦波位置エンコーディングで、位置 {{pos}} のベクトルの長さ $\lVert PE({{pos}}) \rVert$ はいくつですか？（全成分を計算する必要はありません。）`,
      R`For the sinusoidal encoding with $d_\text{model} = {{d}}$, what is the length $\lVert PE({{pos}}) \rVert$ of the vector at position {{pos}}? (You do not need to compute every entry.)`),
    inputs: (rng, { variant }) => (variant === 0 ? { d: 16, pos: 3 } : { d: rng.pick([8, 32, 64, 128, 512]), pos: rng.int(1, 60) }),
    reference: (attn, { pos, d }) => Math.sqrt(dot(peRow(attn, pos, d), peRow(attn, pos, d))),
    answer: { placeholder: text('例: 1.5 や sqrt(3)', 'e.g. 1.5 or sqrt(3)') },
    mistakes: [
      {
        id: 'sqrt-d',
        label: text(R`$\sqrt{d_\text{model}}$ を使っています`, R`used $\sqrt{d_\text{model}}$ as the norm`),
        explain: text(R`成分は {{d}} 個ありますが、$\sin^2 + \cos^2 = 1$ になるのは組ごと、つまり {{d}}/2 組です。$\sqrt{D}$ と書いている資料もありますが誤りです。`,
          R`There are {{d}} entries, but $\sin^2 + \cos^2 = 1$ holds per *pair*, and there are {{d}}/2 pairs. Some notes say $\sqrt{D}$; that is wrong.`),
        compute: (attn, { d }) => Math.sqrt(d),
      },
      {
        id: 'squared-norm',
        label: text('ノルムの 2 乗を答えています', 'this is the squared norm'),
        explain: text(R`$\lVert PE \rVert^2 = {{d}}/2$ です。長さはその平方根です。`, R`$\lVert PE \rVert^2 = {{d}}/2$; the length is its square root.`),
        compute: (attn, { d }) => d / 2,
      },
      {
        id: 'unit-norm',
        label: text('正規化されていると考えています', 'assumed the encoding is normalised'),
        explain: text('正弦波エンコーディングは長さ 1 に正規化されていません。', 'The sinusoidal encoding is not scaled to unit length.'),
        compute: () => 1,
      },
    ],
    hints: [
      text(R`成分は組 $(2i, 2i+1)$ ごとに $(\sin a_i, \cos a_i)$ です。`, R`Entries come in pairs $(2i, 2i+1)$ equal to $(\sin a_i, \cos a_i)$.`),
      text(R`どの角度でも $\sin^2 a + \cos^2 a = 1$。組はいくつありますか？`, R`$\sin^2 a + \cos^2 a = 1$ for every angle. How many pairs are there?`),
      text(R`$\lVert PE \rVert^2 = d_\text{model}/2$。`, R`$\lVert PE \rVert^2 = d_\text{model}/2$.`),
    ],
    explanation: text(
      R`各組が $\sin^2 + \cos^2 = 1$ を寄与し、組は {{d}}/2 個あるので $\lVert PE(pos) \rVert = \sqrt{{{d}}/2} \approx {{answer}}$ で、位置によりません。$\sqrt{D}$ ではなく $\sqrt{D/2}$ です。`,
      R`Each pair contributes $\sin^2 + \cos^2 = 1$ and there are {{d}}/2 pairs, so $\lVert PE(pos) \rVert = \sqrt{{{d}}/2} \approx {{answer}}$ at every position — $\sqrt{D/2}$, not $\sqrt{D}$.`),
  },
];
