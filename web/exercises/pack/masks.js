// Built-in exercises: causal masking (a decoder's weights, how many pairs a
// mask allows, which matrix is causal) and BERT's 80/10/10 masking.
import { text, tensorOf, toNested, transpose, sum, R } from './shared.js';

const N_WHICH = 4;
const boolMask = (rows) => ({ data: Uint8Array.from(rows.flat()), shape: [rows.length, rows[0].length] });
const weights = (attn, Q, K, opts = {}) => {
  const V = tensorOf(K.map(() => [0]));
  return toNested(attn.scaledDotProductAttention(tensorOf(Q), tensorOf(K), V, { ...opts, returnWeights: true }).weights);
};
const lower = (n, strict = false) => Array.from({ length: n }, (_, i) => Array.from({ length: n }, (_, j) => (strict ? j < i : j <= i) ? 1 : 0));

// The options of mask-which, as 0/1 matrices (rows are queries, columns keys).
const WHICH = [transpose(lower(N_WHICH)), lower(N_WHICH), lower(N_WHICH, true), lower(N_WHICH).map((r) => r.map(() => 1))];
const texMatrix = (m) => R`\begin{bmatrix}` + m.map((r) => r.join(' & ')).join(R` \\ `) + R`\end{bmatrix}`;
const option = (m) => text(`$${texMatrix(m)}$`, `$${texMatrix(m)}$`);

export const exercises = [
  {
    id: 'causal-weights',
    kind: 'matrix',
    topic: 'masks',
    title: text('因果マスク付きのアテンション重み', 'Attention weights with a causal mask'),
    prompt: text(
      R`デコーダ（GPT 型）のセルフアテンションでは、位置 $i$ のクエリは自分より後ろのキー $j > i$ を見られません（因果マスク）。$Q = {{Q|tex}}$、$K = {{K|tex}}$（$d = 2$）について、重み
$$A = \operatorname{softmax}\!\left(\frac{QK^\top}{\sqrt{d}} + M\right),\qquad M_{ij} = \begin{cases} 0 & j \le i \\ -\infty & j > i \end{cases}$$
を求めてください（3 × 3 行列、1 行を 1 行に）。`,
      R`In a decoder's (GPT-style) self-attention, the query at position $i$ may not look at later keys $j > i$ (the causal mask). For $Q = {{Q|tex}}$ and $K = {{K|tex}}$ ($d = 2$), compute the weights
$$A = \operatorname{softmax}\!\left(\frac{QK^\top}{\sqrt{d}} + M\right),\qquad M_{ij} = \begin{cases} 0 & j \le i \\ -\infty & j > i \end{cases}$$
(3 × 3; one row per line).`),
    inputs: (rng, { variant }) => (variant === 0
      ? { Q: [[1, 0], [0, 1], [1, 1]], K: [[1, 1], [0, 2], [-1, 1]] }
      : { Q: rng.matrix(3, 2, { dist: 'uniform', min: -2, max: 2, round: 0 }), K: rng.matrix(3, 2, { dist: 'uniform', min: -2, max: 2, round: 0 }) }),
    reference: (attn, { Q, K }) => weights(attn, Q, K, { isCausal: true }),
    answer: { placeholder: text('1 0 0\n0.5 0.5 0\n0.2 0.3 0.5', '1 0 0\n0.5 0.5 0\n0.2 0.3 0.5') },
    mistakes: [
      {
        id: 'no-mask',
        label: text('マスクをかけていません', 'no mask was applied'),
        explain: text(R`因果マスクでは対角線より右上（$j > i$）の重みが 0 になります。`, R`With a causal mask every weight above the diagonal ($j > i$) is 0.`),
        compute: (attn, { Q, K }) => weights(attn, Q, K),
      },
      {
        id: 'upper-triangle',
        label: text(R`逆向きのマスクです（$j \ge i$ を見ています）`, R`the mask points the wrong way (it lets $j \ge i$ through)`),
        explain: text(R`行がクエリ、列がキーです。クエリ $i$ が見てよいのは $j \le i$、つまり左下の三角です。`, R`Rows are queries and columns keys: query $i$ may see $j \le i$, the lower-left triangle.`),
        compute: (attn, { Q, K }) => weights(attn, Q, K, { attnMask: boolMask(transpose(lower(3))) }),
      },
      {
        id: 'strict',
        label: text('対角成分（自分自身）までマスクしています', 'the diagonal (the token itself) was masked too'),
        explain: text(R`トークンは自分自身を見られます：$M_{ii} = 0$。`, R`A token may attend to itself: $M_{ii} = 0$.`),
        compute: (attn, { Q, K }) => weights(attn, Q, K, { attnMask: boolMask(lower(3, true)) }),
      },
      {
        id: 'zeroed-after-softmax',
        label: text('ソフトマックスの後で 0 にして、正規化し直していません', 'zeroed after the softmax without renormalising'),
        explain: text(R`各行の和が 1 になっていません。$-\infty$ はソフトマックスの前に足します。`, R`Your rows do not sum to 1: the $-\infty$ goes in before the softmax.`),
        compute: (attn, { Q, K }) => weights(attn, Q, K).map((r, i) => r.map((w, j) => (j <= i ? w : 0))),
      },
    ],
    hints: [
      text(R`まずスコア $S_{ij} = q_i \cdot k_j / \sqrt{2}$ を計算し、$j > i$ のところを $-\infty$ にします。`, R`First the scores $S_{ij} = q_i \cdot k_j / \sqrt{2}$; then set the entries with $j > i$ to $-\infty$.`),
      text(R`1 行目（クエリ 0）は自分しか見られないので $[1, 0, 0]$ です。2 行目（クエリ 1）はキー 0 と 1 の 2 つでソフトマックスをとります。`, R`The first row (query 0) sees only itself, so it is $[1, 0, 0]$; the second row (query 1) is a softmax over keys 0 and 1.`),
    ],
    explanation: text(
      R`$A \approx {{answer|tex|3}}$。右上が 0 の下三角行列で、各行の和は 1 です。このマスクのおかげで、訓練では文全体を一度に処理しながら、各位置が「まだ見ていない未来」を使わずに次のトークンを予測できます。`,
      R`$A \approx {{answer|tex|3}}$: lower triangular, each row summing to 1. This mask is what lets training process a whole sentence at once while every position predicts its next token without seeing the future.`),
  },
  {
    id: 'mask-count',
    kind: 'number',
    topic: 'masks',
    title: text('因果マスクが許すペアの数', 'How many pairs a causal mask allows'),
    prompt: text(
      R`$n = {{n}}$ トークンの列を考えます。エンコーダ（BERT 型）の双方向アテンションでは、どのクエリもすべてのキーを見られます。デコーダ（GPT 型）の因果マスクでは、クエリ $i$ はキー $j \le i$（自分自身を含む）だけを見られます。因果マスクが許す（クエリ, キー）の組はいくつありますか？`,
      R`Take a sequence of $n = {{n}}$ tokens. In an encoder's (BERT-style) bidirectional attention every query sees every key; under a decoder's (GPT-style) causal mask, query $i$ sees only the keys $j \le i$ (itself included). How many (query, key) pairs does the causal mask allow?`),
    inputs: (rng, { variant }) => ({ n: variant === 0 ? 8 : rng.int(5, 64) }),
    reference: (attn, { n }) => sum(attn.causalMask(n).data),
    answer: { digits: 10, placeholder: text('例: 10', 'e.g. 10') },
    tolerance: { abs: 0.5, rel: 0 },
    mistakes: [
      {
        id: 'bidirectional',
        label: text(R`双方向（BERT）の数 $n^2$ です`, R`this is the bidirectional (BERT) count $n^2$`),
        compute: (attn, { n }) => n * n,
      },
      {
        id: 'excluded-self',
        label: text(R`自分自身（対角成分）を数えていません`, R`the token itself (the diagonal) was not counted`),
        explain: text(R`クエリ $i$ はキー $0, 1, \dots, i$ の $i + 1$ 個を見られます。`, R`Query $i$ sees the $i + 1$ keys $0, 1, \dots, i$.`),
        compute: (attn, { n }) => (n * (n - 1)) / 2,
      },
      {
        id: 'half',
        label: text(R`$n^2 / 2$ にしています`, R`used $n^2 / 2$`),
        explain: text(R`下三角には対角成分の $n$ 個も入るので、ちょうど半分より多くなります。`, R`The lower triangle also holds the $n$ diagonal entries, so it is a little more than half.`),
        compute: (attn, { n }) => (n * n) / 2,
      },
    ],
    hints: [
      text(R`行ごとに数えます：クエリ 0 は 1 個、クエリ 1 は 2 個、…、クエリ $n - 1$ は $n$ 個。`, R`Count row by row: query 0 sees 1 key, query 1 sees 2, …, query $n - 1$ sees $n$.`),
      text(R`$1 + 2 + \dots + n = n(n+1)/2$。`, R`$1 + 2 + \dots + n = n(n+1)/2$.`),
    ],
    explanation: text(
      R`{{answer|10}} 組です（$n(n+1)/2$）。双方向の $n^2$ の約半分なので、マスクされたタイルを飛ばす実装（attnscope の \`flashAttention\` など）では計算もほぼ半分になります。`,
      R`{{answer|10}} pairs ($n(n+1)/2$): about half of the bidirectional $n^2$, which is why kernels that skip masked tiles (attnscope's \`flashAttention\`, for one) do about half the work.`),
  },
  {
    id: 'mask-which',
    kind: 'choice',
    topic: 'masks',
    title: text('どれが因果マスクか', 'Which one is the causal mask'),
    prompt: text(
      R`4 トークンのマスクを、行がクエリ $i$、列がキー $j$、1 が「見てよい」、0 が「見てはいけない」の行列で表します。GPT のようなデコーダが使う因果マスクはどれですか？`,
      R`A mask over 4 tokens is written as a matrix with rows for queries $i$, columns for keys $j$, 1 for "may attend" and 0 for "may not". Which is the causal mask a decoder such as GPT uses?`),
    choices: WHICH.map(option),
    random: false,
    inputs: {},
    // The option that equals attnscope's causalMask(4).
    reference: (attn) => {
      const causal = Array.from(attn.causalMask(N_WHICH).data);
      return WHICH.findIndex((m) => m.flat().every((x, k) => x === causal[k]));
    },
    mistakes: [
      {
        id: 'upper-triangle', choice: 0,
        label: text('行と列の向きが逆です', 'rows and columns are the other way round'),
        explain: text(R`これだとクエリ 0 がすべてのキー（未来を含む）を見てしまいます。クエリ $i$ の行に 1 が並ぶのは $j \le i$ の列です。`, R`Here query 0 would see every key, the future included. In query $i$'s row, the 1s belong in the columns $j \le i$.`),
      },
      {
        id: 'strict', choice: 2,
        label: text('対角成分が 0 です', 'the diagonal is 0'),
        explain: text(R`これではクエリ 0 は何も見られません。トークンは自分自身を見られます。`, R`Query 0 would see nothing at all: a token may attend to itself.`),
      },
      {
        id: 'bidirectional', choice: 3,
        label: text('これは双方向（BERT のエンコーダ）のマスクです', 'that is the bidirectional (BERT encoder) mask'),
        explain: text(R`BERT は文の両側を見て、隠された単語を当てます。次の単語を予測するデコーダは、未来を見てはいけません。`, R`BERT looks at both sides to fill in hidden words; a decoder that predicts the next word must not see the future.`),
      },
    ],
    hints: [
      text(R`クエリ 0（1 行目）が見てよいのは自分だけです。`, R`Query 0 (the first row) may see only itself.`),
      text(R`最後のクエリ（4 行目）は 4 つのキーすべてを見られます。`, R`The last query (the fourth row) sees all four keys.`),
    ],
    explanation: text(
      R`因果マスクは対角成分を含む下三角 {{answer}} です（正解は attnscope の \`causalMask(4)\` と一致する選択肢として、このページで選んでいます）。GPT はこのマスクで次の単語を予測し、BERT はすべて 1 のマスクで、隠した単語を両側の文脈から当てます。`,
      R`The causal mask is the lower triangle with its diagonal, {{answer}} (the right option is picked in this page as the one equal to attnscope's \`causalMask(4)\`). GPT predicts the next word under this mask; BERT uses the all-ones mask and fills in hidden words from both sides.`),
  },
  {
    id: 'bert-masking',
    kind: 'vector',
    topic: 'masks',
    title: text('BERT の 80/10/10 マスキング', "BERT's 80/10/10 masking"),
    prompt: text(
      R`BERT の事前学習（マスク言語モデル）では、入力の各トークンを確率 {{rate}} で「予測の対象」に選びます。選ばれたトークンは、確率 {{pMask}} で \`[MASK]\` に、{{pRandom}} でランダムな別のトークンに置き換え、{{pKeep}} でそのまま残します。長さ $n = {{n}}$ の入力について、次の 4 つの個数の期待値を、この順に並べたベクトルで答えてください：\`[MASK]\` になる数、ランダムなトークンになる数、そのまま残る予測対象の数、損失を計算する位置の数。`,
      R`In BERT's pre-training (masked language modelling) each input token is chosen as a *prediction target* with probability {{rate}}. A chosen token is replaced by \`[MASK]\` with probability {{pMask}}, by a random other token with {{pRandom}}, and left as it is with {{pKeep}}. For an input of $n = {{n}}$ tokens, give the expected numbers [tokens turned into \`[MASK]\`, tokens turned into a random token, targets left unchanged, positions where the loss is computed].`),
    inputs: (rng, { variant }) => ({ n: variant === 0 ? 200 : rng.pick([128, 256, 512, 1000]), rate: 0.15, pMask: 0.8, pRandom: 0.1, pKeep: 0.1 }),
    // (n · rate) · [pMask, pRandom, pKeep, 1], an outer product on the core.
    reference: (attn, { n, rate, pMask, pRandom, pKeep }) =>
      Array.from(attn.matmul(tensorOf([[n * rate]]), tensorOf([[pMask, pRandom, pKeep, 1]])).data),
    answer: { placeholder: text('例: [10, 2, 2, 14]', 'e.g. [10, 2, 2, 14]') },
    mistakes: [
      {
        id: 'only-masked-predicted',
        label: text(R`損失を \`[MASK]\` の位置だけで計算しています`, R`the loss counted only the \`[MASK]\` positions`),
        explain: text(R`ランダムに置き換えた位置もそのまま残した位置も予測の対象で、損失に入ります。だからモデルは \`[MASK]\` 以外のトークンにも「本当に正しいか」を考えなければなりません。`,
          R`The randomly replaced and the unchanged targets are predicted too and enter the loss, so the model has to question every token, not only \`[MASK]\`.`),
        compute: (attn, { n, rate, pMask, pRandom, pKeep }) => [n * rate * pMask, n * rate * pRandom, n * rate * pKeep, n * rate * pMask],
      },
      {
        id: 'split-of-all',
        label: text(R`80/10/10 を全トークンに当てはめています`, R`applied 80/10/10 to every token`),
        explain: text(R`80/10/10 は選ばれた {{rate}} の中での内訳です。`, R`80/10/10 splits only the {{rate}} that were chosen.`),
        compute: (attn, { n, pMask, pRandom, pKeep }) => [n * pMask, n * pRandom, n * pKeep, n],
      },
      {
        id: 'whole-sequence-loss',
        label: text('全位置で損失を計算しています', 'computed the loss at every position'),
        explain: text(R`BERT の損失は予測対象に選ばれた位置だけです。GPT のような言語モデルとは違い、1 文から得られる学習信号は少なくなります。`,
          R`BERT's loss covers only the chosen targets — unlike a GPT-style language model, it gets fewer training signals per sentence.`),
        compute: (attn, { n, rate, pMask, pRandom, pKeep }) => [n * rate * pMask, n * rate * pRandom, n * rate * pKeep, n],
      },
    ],
    hints: [
      text(R`予測の対象は平均 $n \times {{rate}}$ 個です。`, R`On average there are $n \times {{rate}}$ targets.`),
      text(R`そのうち {{pMask}}、{{pRandom}}、{{pKeep}} の割合で 3 通りに分かれます。損失はすべての予測対象で計算します。`, R`They split {{pMask}}, {{pRandom}}, {{pKeep}} three ways, and the loss is computed at every target.`),
    ],
    explanation: text(
      R`期待値は {{answer|2}} です。ファインチューニングのときの入力には \`[MASK]\` が現れません。ランダムな置き換えとそのままのトークンを混ぜておくことで、事前学習と本番のずれを小さくし、モデルがすべての位置でよい表現を作るように仕向けています。`,
      R`The expected numbers are {{answer|2}}. Inputs at fine-tuning time contain no \`[MASK]\`; mixing in random and unchanged targets narrows that gap and pushes the model to build good representations at every position.`),
  },
];
