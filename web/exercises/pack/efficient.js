// Built-in exercises: FlashAttention's online-softmax merge of two blocks,
// linear attention by associativity (code), and in-context learning as one
// gradient step that equals linear attention over the demonstrations.
import { text, tensorOf, transpose, R } from './shared.js';

const round3 = (x) => Math.round(x * 1000) / 1000;

/** m, l = Σ e^(s - m), o = the block's own softmax(s)·V — from the core's softmax and matmul. */
function blockStats(attn, s, V) {
  const w = attn.softmax(tensorOf(s));
  return { m: Math.max(...s), l: round3(1 / Math.max(...w.data)), o: Array.from(attn.matmul(w, tensorOf(V)).data, round3) };
}

/** The merged output: weights softmax([mA + ln lA, mB + ln lB]) over the two block outputs (core). */
const merge = (attn, { mA, lA, oA, mB, lB, oB }) =>
  Array.from(attn.matmul(attn.softmax(tensorOf([mA + Math.log(lA), mB + Math.log(lB)])), tensorOf([oA, oB])).data);

/**
 * Linear attention in plain JS (for mistakes): phi applied to q and k, optionally without the
 * normaliser, over the keys j that keep(i, j) allows.
 */
function linearJs(Q, K, V, phi, { normalise = true, keep = () => true } = {}) {
  const fk = K.map(phi);
  return Q.map((q, i) => {
    const fq = phi(q);
    const a = fk.map((f, j) => (keep(i, j) ? f.reduce((acc, x, t) => acc + x * fq[t], 0) : 0));
    const z = normalise ? a.reduce((x, y) => x + y, 0) : 1;
    return V[0].map((_, c) => a.reduce((acc, w, j) => acc + w * V[j][c], 0) / z);
  });
}
const elu1 = (r) => r.map((x) => (x > 0 ? x + 1 : Math.exp(x)));

/** ŷ = (η/N) · x_q Xᵀ y: one gradient step from w = 0, as a product on the core. */
function iclPrediction(attn, { X, y, xq, eta }, scale = eta / X.length) {
  const scores = attn.matmul(tensorOf([xq]), tensorOf(transpose(X)));
  return scale * attn.matmul(scores, tensorOf(y.map((v) => [v]))).data[0];
}

export const exercises = [
  {
    id: 'online-softmax-merge',
    kind: 'vector',
    topic: 'efficient-attention',
    title: text('オンライン・ソフトマックス：2 つのブロックをまとめる', 'Online softmax: merging two blocks'),
    prompt: text(
      R`FlashAttention はキーをブロックに分けて処理し、ブロックごとに次の 3 つだけを持ちます（$s_j$ はスコア、$v_j$ はバリュー）：
$$m = \max_j s_j,\qquad \ell = \sum_j e^{s_j - m},\qquad o = \frac{1}{\ell}\sum_j e^{s_j - m}\, v_j.$$
あるクエリについて、ブロック A は $m_A = {{mA}}$、$\ell_A = {{lA}}$、$o_A = {{oA}}$、ブロック B は $m_B = {{mB}}$、$\ell_B = {{lB}}$、$o_B = {{oB}}$ でした。全部のキーにわたるアテンションの出力 $o = \sum_j \operatorname{softmax}(s)_j\, v_j$ を求めてください。`,
      R`FlashAttention walks over the keys in blocks and keeps only three things per block ($s_j$ the scores, $v_j$ the values):
$$m = \max_j s_j,\qquad \ell = \sum_j e^{s_j - m},\qquad o = \frac{1}{\ell}\sum_j e^{s_j - m}\, v_j.$$
For one query, block A has $m_A = {{mA}}$, $\ell_A = {{lA}}$, $o_A = {{oA}}$ and block B has $m_B = {{mB}}$, $\ell_B = {{lB}}$, $o_B = {{oB}}$. Compute the attention output over all the keys, $o = \sum_j \operatorname{softmax}(s)_j\, v_j$.`),
    inputs: (rng, { attn, variant }) => {
      const scores = () => rng.vector(3, { dist: 'uniform', min: -2, max: 4, round: 1 });
      const values = () => rng.matrix(3, 2, { dist: 'uniform', min: -1, max: 1, round: 1 });
      const [sA, VA, sB, VB] = variant === 0
        ? [[0.5, 2, 1.6], [[1, 0], [0.5, -0.5], [-1, 0.5]], [3.1, -0.4, 0.9], [[0.2, 0.8], [-0.6, 0.3], [0.4, -1]]]
        : [scores(), values(), scores(), values()];
      const A = blockStats(attn, sA, VA), B = blockStats(attn, sB, VB);
      const direct = Array.from(attn.matmul(attn.softmax(tensorOf([...sA, ...sB])), tensorOf([...VA, ...VB])).data);
      return { mA: A.m, lA: A.l, oA: A.o, mB: B.m, lB: B.l, oB: B.o, direct };
    },
    reference: (attn, inputs) => merge(attn, inputs),
    answer: { placeholder: text('例: [0.12, -0.34]', 'e.g. [0.12, -0.34]') },
    mistakes: [
      {
        id: 'average',
        label: text(R`2 つのブロックの出力を単純に平均しています`, R`averaged the two block outputs`),
        explain: text(R`ブロックの重みは、そのブロックのキーが全体のソフトマックスで占める割合 $e^{m_A}\ell_A : e^{m_B}\ell_B$ です。`, R`Each block weighs what its keys hold of the overall softmax: $e^{m_A}\ell_A : e^{m_B}\ell_B$.`),
        compute: (attn, { oA, oB }) => oA.map((a, c) => (a + oB[c]) / 2),
      },
      {
        id: 'no-rescale',
        label: text(R`$\ell$ で重みづけしましたが、$e^{m - m_A}$ による取り直しを忘れています`, R`weighted by $\ell$ but forgot the rescaling by $e^{m_A - m}$`),
        explain: text(R`$\ell_A$ と $\ell_B$ は別々の最大値 $m_A$、$m_B$ を基準にしています。共通の $m = \max(m_A, m_B)$ にそろえて $e^{m_A - m}\ell_A$、$e^{m_B - m}\ell_B$ にしてから比べます。`,
          R`$\ell_A$ and $\ell_B$ are measured against different maxima $m_A$ and $m_B$; bring both to the common $m = \max(m_A, m_B)$, as $e^{m_A - m}\ell_A$ and $e^{m_B - m}\ell_B$, before comparing.`),
        compute: (attn, { lA, oA, lB, oB }) => oA.map((a, c) => (lA * a + lB * oB[c]) / (lA + lB)),
      },
      {
        id: 'wrong-sign',
        label: text(R`$e^{m - m_A}$ と指数の符号が逆です`, R`the exponent's sign is flipped ($e^{m - m_A}$)`),
        compute: (attn, { mA, lA, oA, mB, lB, oB }) => {
          const m = Math.max(mA, mB), a = Math.exp(m - mA) * lA, b = Math.exp(m - mB) * lB;
          return oA.map((x, c) => (a * x + b * oB[c]) / (a + b));
        },
      },
      {
        id: 'larger-block-only',
        label: text(R`最大値の大きいブロックの出力だけを使っています`, R`kept only the block with the larger maximum`),
        compute: (attn, { mA, oA, mB, oB }) => (mA >= mB ? oA : oB),
      },
    ],
    hints: [
      text(R`共通の最大値 $m = \max(m_A, m_B)$ をとり、$a = e^{m_A - m}\ell_A$、$b = e^{m_B - m}\ell_B$ とします。`, R`Take the common maximum $m = \max(m_A, m_B)$ and set $a = e^{m_A - m}\ell_A$, $b = e^{m_B - m}\ell_B$.`),
      text(R`$a$ と $b$ は全体の分母 $\sum_j e^{s_j - m}$ への各ブロックの寄与です。$o = (a\,o_A + b\,o_B) / (a + b)$。`, R`$a$ and $b$ are each block's share of the overall denominator $\sum_j e^{s_j - m}$: $o = (a\,o_A + b\,o_B) / (a + b)$.`),
    ],
    explanation: text(
      R`$o \approx {{answer|3}}$。6 つのスコアに直接ソフトマックスをとった値 {{direct|3}} と（表示の丸めの範囲で）一致します。FlashAttention はこの取り直しをブロックごとにくり返すので、$N \times N$ の重み行列を一度も作らずに、正確なソフトマックス・アテンションを計算できます。`,
      R`$o \approx {{answer|3}}$, which matches — up to the rounding of the shown numbers — the direct softmax over all six scores, {{direct|3}}. FlashAttention repeats this rescaling block after block, so it computes exact softmax attention without ever forming the $N \times N$ weight matrix.`),
  },
  {
    id: 'linear-attention',
    kind: 'code',
    topic: 'efficient-attention',
    title: text('線形アテンションを結合法則で計算する', 'Linear attention by associativity'),
    prompt: text(
      R`線形アテンションは、ソフトマックスの代わりに特徴写像 $\phi(x) = \operatorname{elu}(x) + 1$（$x > 0$ なら $x + 1$、そうでなければ $e^x$、成分ごと）を使います：
$$o_i = \frac{\sum_j \bigl(\phi(q_i) \cdot \phi(k_j)\bigr)\, v_j}{\sum_j \phi(q_i) \cdot \phi(k_j)} = \frac{\phi(q_i)^\top S}{\phi(q_i)^\top z},\qquad S = \sum_j \phi(k_j)\, v_j^\top,\quad z = \sum_j \phi(k_j).$$
右の形は行列積の結合法則 $(\phi(Q)\phi(K)^\top)V = \phi(Q)(\phi(K)^\top V)$ から出てきます。$S$（$D \times D_v$）と $z$ を一度だけ計算すれば、$N \times N$ の行列を作らずにすみます。関数 \`linearAttention(Q, K, V)\` を書いてください（\`Q\` は $N_q \times D$、\`K\` は $N_k \times D$、\`V\` は $N_k \times D_v$、マスクなし）。$N_q \times D_v$ の出力を返します。`,
      R`Linear attention replaces the softmax with a feature map $\phi(x) = \operatorname{elu}(x) + 1$ ($x + 1$ for $x > 0$, else $e^x$, entrywise):
$$o_i = \frac{\sum_j \bigl(\phi(q_i) \cdot \phi(k_j)\bigr)\, v_j}{\sum_j \phi(q_i) \cdot \phi(k_j)} = \frac{\phi(q_i)^\top S}{\phi(q_i)^\top z},\qquad S = \sum_j \phi(k_j)\, v_j^\top,\quad z = \sum_j \phi(k_j).$$
The right-hand form comes from the associativity of matrix products, $(\phi(Q)\phi(K)^\top)V = \phi(Q)(\phi(K)^\top V)$: computing $S$ ($D \times D_v$) and $z$ once avoids any $N \times N$ matrix. Write \`linearAttention(Q, K, V)\` (\`Q\` is $N_q \times D$, \`K\` $N_k \times D$, \`V\` $N_k \times D_v$, no mask) returning the $N_q \times D_v$ output.`),
    inputs: (rng, { caseIndex }) => {
      if (caseIndex === 0) return { Q: [[1, 0], [0, -1]], K: [[1, 0], [0, 1], [0.5, 1]], V: [[1, 2], [3, 4], [5, 6]] };
      const nq = rng.int(1, 5), nk = rng.int(2, 7), d = rng.int(2, 4), dv = rng.int(1, 3);
      return { Q: rng.matrix(nq, d), K: rng.matrix(nk, d), V: rng.matrix(nk, dv) };
    },
    reference: (attn, { Q, K, V }) => attn.linearAttention(tensorOf(Q), tensorOf(K), tensorOf(V), { featureMap: 'elu1' }).output,
    code: {
      entry: 'linearAttention',
      args: ['Q', 'K', 'V'],
      cases: 5,
      starter: text(
        '// Q: Nq 行 × D、K: Nk 行 × D、V: Nk 行 × Dv（どれも行の配列）\nfunction linearAttention(Q, K, V) {\n  const phi = (r) => r.map((x) => (x > 0 ? x + 1 : Math.exp(x)));\n  // 1. S = Σ_j φ(k_j) v_jᵀ（D × Dv）と z = Σ_j φ(k_j)（D 個）を求める\n  // 2. 各クエリで o_i = φ(q_i)ᵀ S / (φ(q_i) · z)\n  return [];\n}\n',
        '// Q: Nq rows × D, K: Nk rows × D, V: Nk rows × Dv (arrays of rows)\nfunction linearAttention(Q, K, V) {\n  const phi = (r) => r.map((x) => (x > 0 ? x + 1 : Math.exp(x)));\n  // 1. S = Σ_j φ(k_j) v_jᵀ (D × Dv) and z = Σ_j φ(k_j) (D numbers)\n  // 2. for each query, o_i = φ(q_i)ᵀ S / (φ(q_i) · z)\n  return [];\n}\n'),
      solution: `function linearAttention(Q, K, V) {
  const phi = (r) => r.map((x) => (x > 0 ? x + 1 : Math.exp(x)));
  const D = K[0].length, Dv = V[0].length;
  const S = Array.from({ length: D }, () => new Array(Dv).fill(0));
  const z = new Array(D).fill(0);
  K.forEach((k, j) => {
    const f = phi(k);
    for (let a = 0; a < D; a++) {
      z[a] += f[a];
      for (let c = 0; c < Dv; c++) S[a][c] += f[a] * V[j][c];
    }
  });
  return Q.map((q) => {
    const f = phi(q);
    const den = f.reduce((acc, x, a) => acc + x * z[a], 0);
    return Array.from({ length: Dv }, (_, c) => f.reduce((acc, x, a) => acc + x * S[a][c], 0) / den);
  });
}`,
    },
    mistakes: [
      {
        id: 'no-normaliser',
        label: text(R`分母 $\phi(q_i)^\top z$ で割っていません`, R`not divided by $\phi(q_i)^\top z$`),
        explain: text(R`分母があるので、重み $\phi(q_i) \cdot \phi(k_j)$ の和が 1 になります（ソフトマックスの分母の代わりです）。`, R`The denominator makes the weights $\phi(q_i) \cdot \phi(k_j)$ sum to 1 — it stands in for the softmax's.`),
        compute: (attn, { Q, K, V }) => linearJs(Q, K, V, elu1, { normalise: false }),
      },
      {
        id: 'no-feature-map',
        label: text(R`特徴写像 $\phi$ をかけていません`, R`the feature map $\phi$ was not applied`),
        explain: text(R`$\phi$ は重み $\phi(q) \cdot \phi(k)$ を正にするためのものです。生の $q \cdot k$ は負にもなり、分母が 0 に近づくと不安定になります。`, R`$\phi$ keeps the weights $\phi(q) \cdot \phi(k)$ positive; raw $q \cdot k$ can be negative, and a denominator near 0 blows up.`),
        compute: (attn, { Q, K, V }) => linearJs(Q, K, V, (r) => r),
      },
      {
        id: 'relu-map',
        label: text(R`$\phi$ に ReLU を使っています`, R`used ReLU as $\phi$`),
        explain: text(R`この問題の $\phi$ は $\operatorname{elu}(x) + 1$ で、負の入力にも $e^x > 0$ を返します。`, R`Here $\phi$ is $\operatorname{elu}(x) + 1$, which gives $e^x > 0$ for negative inputs too.`),
        compute: (attn, { Q, K, V }) => attn.linearAttention(tensorOf(Q), tensorOf(K), tensorOf(V), { featureMap: 'relu' }).output,
      },
      {
        id: 'causal',
        label: text(R`因果的に（$j \le i$ だけで）和をとっています`, R`summed causally (over $j \le i$ only)`),
        explain: text(R`この問題はマスクなしで、どのクエリもすべてのキーを使います。`, R`There is no mask here: every query uses every key.`),
        compute: (attn, { Q, K, V }) => linearJs(Q, K, V, elu1, { keep: (i, j) => j <= i }),
      },
      {
        id: 'softmax',
        label: text('ソフトマックス・アテンションを計算しています', 'this is softmax attention'),
        compute: (attn, { Q, K, V }) => attn.scaledDotProductAttention(tensorOf(Q), tensorOf(K), tensorOf(V)).output,
      },
    ],
    hints: [
      text(R`$S$ は \`S[a][c] += φ(k_j)[a] * V[j][c]\` をすべての $j$ で足したものです。`, R`$S$ accumulates \`S[a][c] += φ(k_j)[a] * V[j][c]\` over every $j$.`),
      text(R`出力の $(i, c)$ 成分は $\sum_a \phi(q_i)_a S_{ac} \,/\, \sum_a \phi(q_i)_a z_a$ です。`, R`Output entry $(i, c)$ is $\sum_a \phi(q_i)_a S_{ac} \,/\, \sum_a \phi(q_i)_a z_a$.`),
    ],
    explanation: text(
      R`あなたの関数は attnscope の \`linearAttention(q, k, v, {featureMap: 'elu1'})\` と一致しました。$\phi(K)^\top V$ を先に計算すると、計算量は $O(N^2 D)$ から $O(N D D_v)$ に下がります。因果的な場合は $S$ と $z$ を先頭から累積していけばよく、RNN のように 1 トークンずつ一定のメモリで推論できます。`,
      R`Your function agrees with attnscope's \`linearAttention(q, k, v, {featureMap: 'elu1'})\`. Computing $\phi(K)^\top V$ first brings the cost from $O(N^2 D)$ down to $O(N D D_v)$. In the causal case $S$ and $z$ become running sums, so inference proceeds token by token in constant memory, like an RNN.`),
  },
  {
    id: 'icl-gradient-step',
    kind: 'number',
    topic: 'in-context-learning',
    title: text('文脈内学習 = 勾配降下 1 ステップ = 線形アテンション', 'In-context learning = one gradient step = linear attention'),
    prompt: text(
      R`プロンプトに線形回帰の例 $(x_j, y_j)$、$j = 1, \dots, N$（$N = 3$）が並んでいます：
$$X = {{X|tex}},\qquad y = {{y|tex}}$$
（$X$ の行 $j$ が $x_j$）。重み $w_0 = 0$ から、損失 $L(w) = \frac{1}{2N}\sum_j (w \cdot x_j - y_j)^2$ の勾配降下を学習率 $\eta = {{eta}}$ で 1 ステップ進めた $w_1$ を使うと、クエリ $x_q = {{xq}}$ に対する予測 $\hat y = w_1 \cdot x_q$ はいくつですか？`,
      R`A prompt lists linear-regression examples $(x_j, y_j)$, $j = 1, \dots, N$ ($N = 3$):
$$X = {{X|tex}},\qquad y = {{y|tex}}$$
(row $j$ of $X$ is $x_j$). Starting from $w_0 = 0$, take one gradient-descent step on $L(w) = \frac{1}{2N}\sum_j (w \cdot x_j - y_j)^2$ with learning rate $\eta = {{eta}}$. What does the resulting $w_1$ predict for the query $x_q = {{xq}}$, $\hat y = w_1 \cdot x_q$?`),
    inputs: (rng, { variant }) => (variant === 0
      ? { X: [[1, 0], [0, 1], [1, 1]], y: [2, -1, 0.5], xq: [1, 2], eta: 0.5 }
      : {
        X: rng.matrix(3, 2, { dist: 'uniform', min: -1, max: 1, round: 1 }),
        y: rng.vector(3, { dist: 'uniform', min: -2, max: 2, round: 1 }),
        xq: rng.vector(2, { dist: 'uniform', min: -1, max: 1, round: 1 }),
        eta: rng.pick([0.1, 0.5, 1]),
      }),
    reference: (attn, inputs) => iclPrediction(attn, inputs),
    answer: { placeholder: text('例: 0.5', 'e.g. 0.5') },
    mistakes: [
      {
        id: 'no-mean',
        label: text(R`$\frac{1}{N}$ を忘れています`, R`forgot the $\frac{1}{N}$`),
        compute: (attn, inputs) => iclPrediction(attn, inputs, inputs.eta),
      },
      {
        id: 'ascent',
        label: text('符号が逆です（勾配上昇になっています）', 'the sign is flipped (gradient ascent)'),
        explain: text(R`$w_0 = 0$ では $\nabla L = -\frac{1}{N}\sum_j y_j x_j$ です。$w_1 = w_0 - \eta \nabla L = +\frac{\eta}{N}\sum_j y_j x_j$。`, R`At $w_0 = 0$, $\nabla L = -\frac{1}{N}\sum_j y_j x_j$, so $w_1 = w_0 - \eta \nabla L = +\frac{\eta}{N}\sum_j y_j x_j$.`),
        compute: (attn, inputs) => -iclPrediction(attn, inputs),
      },
      {
        id: 'softmax-attention',
        label: text('ソフトマックス・アテンションで計算しています', 'computed softmax attention instead'),
        explain: text(R`1 ステップの勾配降下と一致するのは、ソフトマックスも正規化もない線形アテンション $\frac{\eta}{N}\sum_j (x_q \cdot x_j)\, y_j$ です。`, R`One gradient step matches linear attention with no softmax and no normaliser, $\frac{\eta}{N}\sum_j (x_q \cdot x_j)\, y_j$.`),
        compute: (attn, { X, y, xq }) => attn.scaledDotProductAttention(tensorOf([xq]), tensorOf(X), tensorOf(y.map((v) => [v]))).output.data[0],
      },
    ],
    hints: [
      text(R`$\nabla L(w) = \frac{1}{N}\sum_j (w \cdot x_j - y_j)\, x_j$。$w_0 = 0$ を代入すると？`, R`$\nabla L(w) = \frac{1}{N}\sum_j (w \cdot x_j - y_j)\, x_j$. What is it at $w_0 = 0$?`),
      text(R`$w_1 = \frac{\eta}{N}\sum_j y_j x_j$、したがって $\hat y = \frac{\eta}{N}\sum_j y_j\,(x_j \cdot x_q)$。`, R`$w_1 = \frac{\eta}{N}\sum_j y_j x_j$, so $\hat y = \frac{\eta}{N}\sum_j y_j\,(x_j \cdot x_q)$.`),
    ],
    explanation: text(
      R`$\hat y \approx {{answer}}$。式 $\hat y = \frac{\eta}{N}\sum_j (x_q \cdot x_j)\, y_j$ は、クエリ $x_q$、キー $x_j$、バリュー $y_j$ の線形アテンション（ソフトマックスなし）そのものです。つまり線形アテンションの層 1 つで、文脈中の例に対する勾配降下 1 ステップを実行できます。von Oswald ら（2023）は、線形回帰の文脈内学習で訓練した Transformer が実際にこの形の解を学ぶことを示しました。`,
      R`$\hat y \approx {{answer}}$. The formula $\hat y = \frac{\eta}{N}\sum_j (x_q \cdot x_j)\, y_j$ is linear attention (no softmax) with query $x_q$, keys $x_j$ and values $y_j$: one linear-attention layer can carry out one gradient step on the examples in its context. von Oswald et al. (2023) showed that Transformers trained on in-context linear regression do learn this solution.`),
  },
];
