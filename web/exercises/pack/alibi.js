// Built-in exercises: ALiBi — the head slopes and the bias one head adds
// to one score.
import { text, R } from './shared.js';

const slopes = (attn, H) => Array.from(attn.alibiSlopes(H).data);

export const exercises = [
  {
    id: 'alibi-slopes',
    kind: 'vector',
    topic: 'alibi',
    title: text('ALiBi の傾き', 'The ALiBi slopes'),
    prompt: text(
      R`ALiBi は位置エンコーディングの代わりに、ヘッド $h$ のスコアに $m_h \cdot (j - i)$（$i$ はクエリ、$j$ はキーの位置）を足します。ヘッドの数 $H$ が 2 のべき乗のとき、傾きは
$$m_h = 2^{-8h/H},\qquad h = 1, 2, \dots, H$$
です。$H = {{H}}$ のときの傾き $[m_1, \dots, m_{{{H}}}]$ を求めてください。`,
      R`Instead of a positional encoding, ALiBi adds $m_h \cdot (j - i)$ to head $h$'s scores ($i$ the query's position, $j$ the key's). When the number of heads $H$ is a power of two, the slopes are
$$m_h = 2^{-8h/H},\qquad h = 1, 2, \dots, H.$$
Give the slopes $[m_1, \dots, m_{{{H}}}]$ for $H = {{H}}$.`),
    inputs: (rng, { variant }) => ({ H: variant === 0 ? 4 : rng.pick([2, 4, 8]) }),
    reference: (attn, { H }) => slopes(attn, H),
    answer: { digits: 6, placeholder: text('例: [0.5, 0.25]', 'e.g. [0.5, 0.25]') },
    mistakes: [
      {
        id: 'from-zero',
        label: text(R`$h = 0$ から数えています`, R`counted the heads from $h = 0$`),
        explain: text(R`最初のヘッドは $h = 1$ で、傾き $2^{-8/H}$ です。傾き 1 のヘッドはありません。`, R`The first head is $h = 1$, with slope $2^{-8/H}$; no head has slope 1.`),
        compute: (attn, { H }) => Array.from({ length: H }, (_, h) => 2 ** (-8 * h / H)),
      },
      {
        id: 'no-eight',
        label: text(R`$2^{-h}$ にしています（指数の $8/H$ が抜けています）`, R`used $2^{-h}$ (the $8/H$ in the exponent is missing)`),
        explain: text(R`指数は $-8h/H$ なので、最後のヘッドの傾きはヘッドの数によらず $2^{-8}$ です。`, R`The exponent is $-8h/H$, so the last head's slope is $2^{-8}$ whatever $H$ is.`),
        compute: (attn, { H }) => Array.from({ length: H }, (_, h) => 2 ** -(h + 1)),
      },
      {
        id: 'reversed',
        label: text('順番が逆です', 'the order is reversed'),
        compute: (attn, { H }) => slopes(attn, H).reverse(),
      },
    ],
    hints: [
      text(R`$H = {{H}}$ なら指数は $-8h/{{H}}$。$h = 1$ から順に計算します。`, R`With $H = {{H}}$ the exponent is $-8h/{{H}}$; start from $h = 1$.`),
      text(R`公比 $2^{-8/H}$ の等比数列で、最後は $2^{-8}$ になります。`, R`It is a geometric sequence with ratio $2^{-8/H}$, ending at $2^{-8}$.`),
    ],
    explanation: text(
      R`傾きは {{answer|6}} です（attnscope の \`alibiSlopes\`）。傾きの大きいヘッドは近くのトークンだけを、小さいヘッドは遠くまでを見ます。学習する位置のパラメータがないので、訓練より長い入力にも外挿しやすいのが ALiBi の売りです。`,
      R`The slopes are {{answer|6}} (attnscope's \`alibiSlopes\`). Heads with steep slopes look only nearby, heads with gentle ones far away. With no learned position parameters, ALiBi extrapolates to inputs longer than those seen in training more gracefully.`),
  },
  {
    id: 'alibi-bias',
    kind: 'number',
    topic: 'alibi',
    title: text('ALiBi のバイアス', 'The ALiBi bias'),
    prompt: text(
      R`ヘッドが $H = {{H}}$ 個の ALiBi（傾き $m_h = 2^{-8h/H}$、$h = 1, \dots, H$）で、ヘッド $h = {{h}}$ が位置 $i = {{i}}$ のクエリと位置 $j = {{j}}$ のキーのスコアに足すバイアス $m_h \cdot (j - i)$ はいくつですか？`,
      R`With ALiBi over $H = {{H}}$ heads (slopes $m_h = 2^{-8h/H}$, $h = 1, \dots, H$), what bias $m_h \cdot (j - i)$ does head $h = {{h}}$ add to the score of the query at position $i = {{i}}$ and the key at position $j = {{j}}$?`),
    inputs: (rng, { variant }) => {
      if (variant === 0) return { H: 8, h: 3, i: 9, j: 4 };
      const H = rng.pick([4, 8, 16]), i = rng.int(3, 20);
      return { H, h: rng.int(1, H - 1), i, j: rng.int(0, i - 1) };
    },
    // Entry [h-1, i, j] of the core's bias tensor alibiBias(H, n) [H, n, n].
    reference: (attn, { H, h, i, j }) => {
      const n = i + 1;
      return attn.alibiBias(H, n).data[(h - 1) * n * n + i * n + j];
    },
    answer: { digits: 6, placeholder: text('例: -0.5', 'e.g. -0.5') },
    mistakes: [
      {
        id: 'positive',
        label: text('符号が逆です（遠いほど大きくしています）', 'the sign is flipped (farther keys get more)'),
        explain: text(R`過去のキー $j < i$ では $j - i < 0$ なので、バイアスは負です。遠いキーほどスコアが下がります。`, R`For a past key $j < i$, $j - i < 0$: the bias is negative, and the farther the key the lower its score.`),
        compute: (attn, { H, h, i, j }) => 2 ** (-8 * h / H) * (i - j),
      },
      {
        id: 'zero-based-head',
        label: text(R`ヘッドを 0 から数えています（$m_{h+1}$ を使っています）`, R`counted the heads from 0 (used $m_{h+1}$)`),
        compute: (attn, { H, h, i, j }) => 2 ** (-8 * (h + 1) / H) * (j - i),
      },
      {
        id: 'no-slope',
        label: text(R`傾き $m_h$ を掛けていません`, R`the slope $m_h$ is missing`),
        compute: (attn, { i, j }) => j - i,
      },
    ],
    hints: [
      text(R`$m_{{{h}}} = 2^{-8 \cdot {{h}} / {{H}}}$。`, R`$m_{{{h}}} = 2^{-8 \cdot {{h}} / {{H}}}$.`),
      text(R`距離は $j - i = {{j}} - {{i}}$ です。`, R`The distance is $j - i = {{j}} - {{i}}$.`),
    ],
    explanation: text(
      R`バイアスは $m_{{{h}}} \cdot ({{j}} - {{i}}) = {{answer|6}}$ です（attnscope の \`alibiBias\` の値です）。このバイアスは $j - i$ とヘッドだけで決まり、スコアに足されるだけなので、ソフトマックスの前に「近いキーほど有利」という傾向を線形に与えます。`,
      R`The bias is $m_{{{h}}} \cdot ({{j}} - {{i}}) = {{answer|6}}$ (the value in attnscope's \`alibiBias\`). It depends only on $j - i$ and the head and is simply added to the score: before the softmax it gives nearer keys a linear head start.`),
  },
];
