// Built-in exercises: RoPE (rotations, the relative property, an implementation).
import { dot, ropeAt, rotatePairs, text, R } from './shared.js';

export const exercises = [
  {
    id: 'rope-rotate-2d',
    kind: 'vector',
    topic: 'rope',
    title: text('2 次元の回転（RoPE の最小例）', 'A 2-D rotation (the smallest RoPE)'),
    prompt: text(
      R`ヘッド次元 2 の RoPE は、位置 $m$ のベクトル $x$ を角度 $m\theta$（$\theta = 10000^{0} = 1$ ラジアン）だけ反時計回りに回します：
$$R(m)\,x = \begin{bmatrix}\cos m\theta & -\sin m\theta \\ \sin m\theta & \cos m\theta\end{bmatrix} x.$$
$x = {{x}}$、$m = {{m}}$ のとき $R(m)\,x$ を求めてください。`,
      R`RoPE with head dim 2 turns the vector $x$ at position $m$ counter-clockwise by the angle $m\theta$, with $\theta = 10000^{0} = 1$ radian:
$$R(m)\,x = \begin{bmatrix}\cos m\theta & -\sin m\theta \\ \sin m\theta & \cos m\theta\end{bmatrix} x.$$
Compute $R(m)\,x$ for $x = {{x}}$ and $m = {{m}}$.`),
    inputs: (rng, { variant }) => (variant === 0 ? { x: [1, 0.5], m: 2 } : { x: rng.vector(2, { dist: 'uniform', round: 1 }), m: rng.int(1, 6) }),
    reference: (attn, { x, m }) => ropeAt(attn, x, m),
    mistakes: [
      {
        id: 'minus-theta',
        label: text(R`$-m\theta$ だけ回しています（時計回り）`, R`rotated by $-m\theta$ (clockwise)`),
        explain: text(R`$R(m)$ の 1 行目は $[\cos, -\sin]$、2 行目は $[\sin, \cos]$ です。符号が逆だと逆向きに回ります。`,
          R`The first row of $R(m)$ is $[\cos, -\sin]$ and the second $[\sin, \cos]$; flipping the signs turns the other way.`),
        compute: (attn, { x, m }) => rotatePairs(x, () => -m),
      },
      {
        id: 'swapped-sin-cos',
        label: text('sin と cos が入れ替わっています', 'sin and cos are swapped'),
        compute: (attn, { x, m }) => rotatePairs(x, () => m, { swap: true }),
      },
      {
        id: 'degrees',
        label: text('角度を度（°）で計算しています', 'the angle was taken in degrees'),
        compute: (attn, { x, m }) => rotatePairs(x, () => (m * Math.PI) / 180),
      },
    ],
    hints: [
      text(R`角度は $m\theta = {{m}}$ ラジアンです。`, R`The angle is $m\theta = {{m}}$ radians.`),
      text(R`$R(m)x = [x_0\cos m - x_1 \sin m,\ x_0 \sin m + x_1 \cos m]$。`, R`$R(m)x = [x_0\cos m - x_1 \sin m,\ x_0 \sin m + x_1 \cos m]$.`),
    ],
    explanation: text(
      R`$R({{m}}){{x}}^\top \approx {{answer}}$。回転は長さを変えません：答えの長さは $x$ の長さと同じです。RoPE は次元の組ごとにこの回転を、組ごとに違う速さ $\theta_i = 10000^{-2i/D}$ で行います。`,
      R`$R({{m}}){{x}}^\top \approx {{answer}}$. A rotation keeps the length: your answer is as long as $x$. RoPE does this to every pair of dims, each pair at its own speed $\theta_i = 10000^{-2i/D}$.`),
  },
  {
    id: 'rope-score-formula',
    kind: 'choice',
    topic: 'rope',
    title: text('RoPE のスコアは何に依存するか', 'What the RoPE score depends on'),
    prompt: text(
      R`RoPE では位置 $m$ のクエリと位置 $n$ のキーを $q_m = R(m)\,q$、$k_n = R(n)\,k$ と回します。スコア $q_m^\top k_n$ に等しいのはどれですか？`,
      R`RoPE turns the query at position $m$ and the key at position $n$: $q_m = R(m)\,q$, $k_n = R(n)\,k$. Which expression equals the score $q_m^\top k_n$?`),
    choices: [
      text(R`$q^\top R(m-n)\,k$`, R`$q^\top R(m-n)\,k$`),
      text(R`$q^\top R(n-m)\,k$`, R`$q^\top R(n-m)\,k$`),
      text(R`$q^\top R(m+n)\,k$`, R`$q^\top R(m+n)\,k$`),
      text(R`$q^\top k$（回転は打ち消し合う）`, R`$q^\top k$ (the rotations cancel)`),
    ],
    random: false,
    inputs: (rng) => ({ q: rng.vector(8), k: rng.vector(8), m: 7, n: 3 }),
    // Which option matches the core's score: each option is evaluated with attnscope's RoPE
    // (R(d)ᵀ = R(-d), so qᵀR(n-m)k = (R(m-n)q)ᵀk needs only non-negative positions).
    reference: (attn, { q, k, m, n }) => {
      const score = dot(ropeAt(attn, q, m), ropeAt(attn, k, n));
      const options = [dot(q, ropeAt(attn, k, m - n)), dot(ropeAt(attn, q, m - n), k), dot(q, ropeAt(attn, k, m + n)), dot(q, k)];
      const errors = options.map((o) => Math.abs(o - score));
      return errors.indexOf(Math.min(...errors));
    },
    mistakes: [
      {
        id: 'sign-of-offset', choice: 0,
        label: text('オフセットの符号が逆です', 'the sign of the offset is flipped'),
        explain: text(R`$R(m)^\top = R(-m)$ なので $(R(m)q)^\top R(n)k = q^\top R(-m)R(n)\,k = q^\top R(n-m)\,k$ です。$R(m-n)$ と書いている資料は符号を間違えています。`,
          R`$R(m)^\top = R(-m)$, so $(R(m)q)^\top R(n)k = q^\top R(-m)R(n)\,k = q^\top R(n-m)\,k$. Notes that write $R(m-n)$ have the sign wrong.`),
      },
      {
        id: 'added-positions', choice: 2,
        label: text('角度を足しています', 'the angles were added'),
        explain: text(R`転置すると回転は逆向きになります：$R(m)^\top = R(-m)$。`, R`Transposing a rotation reverses it: $R(m)^\top = R(-m)$.`),
      },
      {
        id: 'rotations-cancel', choice: 3,
        label: text('回転が消えると考えています', 'assumed the rotations cancel'),
        explain: text(R`打ち消し合うのは $m = n$ のときだけです。`, R`They cancel only when $m = n$.`),
      },
    ],
    hints: [
      text(R`$(R(m)q)^\top = q^\top R(m)^\top$。`, R`$(R(m)q)^\top = q^\top R(m)^\top$.`),
      text(R`回転の転置は逆回転です：$R(m)^\top = R(-m)$。また $R(a)R(b) = R(a+b)$。`, R`The transpose of a rotation is the reverse rotation: $R(m)^\top = R(-m)$. And $R(a)R(b) = R(a+b)$.`),
    ],
    explanation: text(
      R`$(R(m)q)^\top (R(n)k) = q^\top R(-m) R(n)\,k = q^\top R(n-m)\,k$。スコアは位置の差 $n - m$ だけで決まります（これが RoPE の「相対位置」性）。正解はこのページの中で、乱数の $q, k$ と $m = 7$、$n = 3$ について attnscope のコアで各選択肢を計算して選んでいます。`,
      R`$(R(m)q)^\top (R(n)k) = q^\top R(-m) R(n)\,k = q^\top R(n-m)\,k$: the score depends only on the offset $n - m$ (RoPE's relative property). The right option is chosen in this page by computing every option with the attnscope core for random $q, k$ with $m = 7$, $n = 3$.`),
  },
  {
    id: 'rope-relative',
    kind: 'number',
    topic: 'rope',
    title: text('RoPE の相対位置性', "RoPE's relative property"),
    prompt: text(
      R`RoPE（交互配置、底 10000、ヘッド次元 4）で $q = {{q}}$、$k = {{k}}$ とします。位置 {{m1}} のクエリと位置 {{n1}} のキーのスコアは
$$s({{m1}}, {{n1}}) = (R({{m1}})\,q)^\top (R({{n1}})\,k) = {{s1|4}}$$
です。$s({{m2}}, {{n2}})$ はいくつですか？`,
      R`Take RoPE (interleaved, base 10000, head dim 4) with $q = {{q}}$ and $k = {{k}}$. The score of the query at position {{m1}} with the key at position {{n1}} is
$$s({{m1}}, {{n1}}) = (R({{m1}})\,q)^\top (R({{n1}})\,k) = {{s1|4}}.$$
What is $s({{m2}}, {{n2}})$?`),
    inputs: (rng, { attn, variant }) => {
      const q = rng.vector(4), k = rng.vector(4);
      const offset = variant === 0 ? 2 : rng.int(1, 6);
      const m1 = variant === 0 ? 5 : rng.int(offset, 12), m2 = variant === 0 ? 12 : m1 + rng.int(3, 30);
      return { q, k, m1, n1: m1 - offset, m2, n2: m2 - offset, s1: dot(ropeAt(attn, q, m1), ropeAt(attn, k, m1 - offset)) };
    },
    tolerance: { abs: 0.002, rel: 0.002 },
    reference: (attn, { q, k, m2, n2 }) => dot(ropeAt(attn, q, m2), ropeAt(attn, k, n2)),
    mistakes: [
      {
        id: 'reversed-offset',
        label: text('オフセットの向きが逆です', 'the offset is reversed'),
        explain: text(R`スコアは $n - m$ で決まり、$m - n$ とは値が違います：$s(m, n) \ne s(n, m)$。`,
          R`The score depends on $n - m$, and $s(m, n) \ne s(n, m)$ in general.`),
        compute: (attn, { q, k, m2, n2 }) => dot(ropeAt(attn, q, n2), ropeAt(attn, k, m2)),
      },
      {
        id: 'no-rotation',
        label: text(R`回転なしの $q^\top k$ です`, R`this is $q^\top k$ without rotation`),
        compute: (attn, { q, k }) => dot(q, k),
      },
    ],
    hints: [
      text(R`位置の差 $n - m$ は 2 つのスコアでどう違いますか？`, R`Compare the offsets $n - m$ of the two scores.`),
      text(R`$(R(m)q)^\top R(n)k = q^\top R(n-m)\,k$ でした。`, R`Recall $(R(m)q)^\top R(n)k = q^\top R(n-m)\,k$.`),
    ],
    explanation: text(
      R`差はどちらも $n - m = {{n1}} - {{m1}} = {{n2}} - {{m2}}$ なので、スコアは同じ {{answer}} です。RoPE のスコアは絶対位置ではなく相対位置だけに依存します。`,
      R`Both have the offset $n - m = {{n1}} - {{m1}} = {{n2}} - {{m2}}$, so the score is the same, {{answer}}: a RoPE score depends on the relative position only.`),
  },
  {
    id: 'rope-apply',
    kind: 'code',
    topic: 'rope',
    title: text('RoPE を実装する', 'Implement RoPE'),
    prompt: text(
      R`位置 $pos$ のベクトル $x \in \mathbb{R}^D$（$D$ は偶数）に RoPE を適用する関数 \`rope(x, pos)\` を書いてください。組 $(x_{2i}, x_{2i+1})$ を角度 $pos \cdot \theta_i$、$\theta_i = 10000^{-2i/D}$ だけ回します：
$$\begin{bmatrix} y_{2i} \\ y_{2i+1} \end{bmatrix} = \begin{bmatrix}\cos pos\,\theta_i & -\sin pos\,\theta_i \\ \sin pos\,\theta_i & \cos pos\,\theta_i\end{bmatrix} \begin{bmatrix} x_{2i} \\ x_{2i+1} \end{bmatrix}$$
\`x\` は数の配列です。新しい配列を返してください。`,
      R`Write \`rope(x, pos)\`, which applies RoPE to a vector $x \in \mathbb{R}^D$ ($D$ even) at position $pos$: each pair $(x_{2i}, x_{2i+1})$ turns by the angle $pos \cdot \theta_i$ with $\theta_i = 10000^{-2i/D}$:
$$\begin{bmatrix} y_{2i} \\ y_{2i+1} \end{bmatrix} = \begin{bmatrix}\cos pos\,\theta_i & -\sin pos\,\theta_i \\ \sin pos\,\theta_i & \cos pos\,\theta_i\end{bmatrix} \begin{bmatrix} x_{2i} \\ x_{2i+1} \end{bmatrix}$$
\`x\` is an array of numbers; return a new array.`),
    inputs: (rng, { caseIndex }) => (caseIndex === 0
      ? { x: [1, 0.5, -0.3, 0.8], pos: 1 }
      : { x: rng.vector(rng.pick([2, 4, 6, 8])), pos: rng.int(1, 60) }),
    reference: (attn, { x, pos }) => ropeAt(attn, x, pos),
    code: {
      entry: 'rope',
      args: ['x', 'pos'],
      cases: 5,
      starter: text(
        '// x: D 個の数の配列（D は偶数）、pos: 位置\nfunction rope(x, pos) {\n  const D = x.length;\n  const y = new Array(D);\n  // 組 (x[2i], x[2i+1]) を角度 pos * 10000^(-2i/D) だけ回す\n\n  return y;\n}\n',
        '// x: an array of D numbers (D even), pos: the position\nfunction rope(x, pos) {\n  const D = x.length;\n  const y = new Array(D);\n  // turn each pair (x[2i], x[2i+1]) by the angle pos * 10000^(-2i/D)\n\n  return y;\n}\n'),
      solution: `function rope(x, pos) {
  const D = x.length;
  const y = new Array(D);
  for (let i = 0; i < D / 2; i++) {
    const angle = pos * Math.pow(10000, -2 * i / D);
    const c = Math.cos(angle), s = Math.sin(angle);
    y[2 * i] = x[2 * i] * c - x[2 * i + 1] * s;
    y[2 * i + 1] = x[2 * i] * s + x[2 * i + 1] * c;
  }
  return y;
}`,
    },
    mistakes: [
      {
        id: 'minus-theta',
        label: text(R`$-\theta$ 方向に回しています`, R`rotated by $-\theta$`),
        explain: text(R`$y_{2i} = x_{2i}\cos - x_{2i+1}\sin$、$y_{2i+1} = x_{2i}\sin + x_{2i+1}\cos$ です。`, R`$y_{2i} = x_{2i}\cos - x_{2i+1}\sin$ and $y_{2i+1} = x_{2i}\sin + x_{2i+1}\cos$.`),
        compute: (attn, { x, pos }) => rotatePairs(x, (i) => -pos * 10000 ** (-2 * i / x.length)),
      },
      {
        id: 'swapped-sin-cos',
        label: text('sin と cos が入れ替わっています', 'sin and cos are swapped'),
        compute: (attn, { x, pos }) => rotatePairs(x, (i) => pos * 10000 ** (-2 * i / x.length), { swap: true }),
      },
      {
        id: 'half-layout',
        label: text(R`組を $(i, i + D/2)$ にしています（half レイアウト）`, R`paired $(i, i + D/2)$ (the "half" layout)`),
        explain: text(R`この問題は交互配置で、組は隣り合う $(2i, 2i+1)$ です。GPT-NeoX/Llama の HF 実装は half レイアウトを使うので、重みを移すときは注意が必要です。`,
          R`This exercise uses the interleaved layout: pairs are neighbours $(2i, 2i+1)$. HF's GPT-NeoX/Llama code uses the half layout, which matters when porting weights.`),
        compute: (attn, { x, pos }) => ropeAt(attn, x, pos, 'half'),
      },
      {
        id: 'exponent-i-over-d',
        label: text(R`$\theta_i = 10000^{-i/D}$ になっています（2 が抜けています）`, R`used $\theta_i = 10000^{-i/D}$ (the 2 is missing)`),
        compute: (attn, { x, pos }) => rotatePairs(x, (i) => pos * 10000 ** (-i / x.length)),
      },
    ],
    hints: [
      text(R`\`for (let i = 0; i < D / 2; i++)\` で組を回ります。角度は \`pos * Math.pow(10000, -2 * i / D)\`。`, R`Loop over pairs with \`for (let i = 0; i < D / 2; i++)\`; the angle is \`pos * Math.pow(10000, -2 * i / D)\`.`),
      text(R`\`y[2*i] = x[2*i]*c - x[2*i+1]*s\`、\`y[2*i+1] = x[2*i]*s + x[2*i+1]*c\`（\`c = Math.cos(angle)\`、\`s = Math.sin(angle)\`）。`, R`\`y[2*i] = x[2*i]*c - x[2*i+1]*s\` and \`y[2*i+1] = x[2*i]*s + x[2*i+1]*c\` with \`c = Math.cos(angle)\`, \`s = Math.sin(angle)\`.`),
    ],
    explanation: text(
      R`あなたの \`rope\` は attnscope の \`applyRope\` と一致しました。試しに \`rope(q, m)\` と \`rope(k, n)\` の内積を、差 $n - m$ を保ったまま $m$ を変えて計算してみましょう。値は変わりません。`,
      R`Your \`rope\` agrees with attnscope's \`applyRope\`. Try the dot product of \`rope(q, m)\` and \`rope(k, n)\` for several $m$ with the same offset $n - m$: it does not change.`),
  },
];
