// Built-in exercises: the linear algebra a Transformer lecture starts from —
// norms and cosine similarity, the shapes of matrix products, and an
// embedding lookup written as a one-hot product.
import { text, tensorOf, toNested, zeros, dot, sum, R } from './shared.js';

const norm = (attn, x) => Math.sqrt(attn.matmul(tensorOf(x), tensorOf(x)).data[0]);
const cosine = (attn, a, b) => attn.matmul(attn.l2Normalize(tensorOf(a)), attn.l2Normalize(tensorOf(b))).data[0];
const oneHot = (ids, V) => ids.map((id) => Array.from({ length: V }, (_, v) => (v === id ? 1 : 0)));

export const exercises = [
  {
    id: 'cosine-similarity',
    kind: 'vector',
    topic: 'linear-algebra',
    title: text('ベクトルの長さとコサイン類似度', 'Vector length and cosine similarity'),
    prompt: text(
      R`$a = {{a}}$、$b = {{b}}$ について、長さ（L2 ノルム）$\lVert a \rVert$、$\lVert b \rVert$ とコサイン類似度
$$\cos(a, b) = \frac{a \cdot b}{\lVert a \rVert\,\lVert b \rVert}$$
を求め、$[\lVert a \rVert, \lVert b \rVert, \cos(a, b)]$ の順に答えてください。`,
      R`For $a = {{a}}$ and $b = {{b}}$, compute the lengths (L2 norms) $\lVert a \rVert$ and $\lVert b \rVert$ and the cosine similarity
$$\cos(a, b) = \frac{a \cdot b}{\lVert a \rVert\,\lVert b \rVert}.$$
Answer $[\lVert a \rVert, \lVert b \rVert, \cos(a, b)]$ in this order.`),
    inputs: (rng, { variant }) => {
      if (variant === 0) return { a: [1, 2, 2, 0], b: [2, 0, 1, 2] };
      const v = () => rng.vector(4, { dist: 'uniform', min: -3, max: 3, round: 0 });
      let a = v(), b = v();
      while (dot(a, a) === 0 || dot(b, b) === 0) { a = v(); b = v(); }
      return { a, b };
    },
    reference: (attn, { a, b }) => [norm(attn, a), norm(attn, b), cosine(attn, a, b)],
    answer: { placeholder: text('例: [3, 2.5, 0.4]', 'e.g. [3, 2.5, 0.4]') },
    mistakes: [
      {
        id: 'squared-norms',
        label: text('長さの 2 乗を答えています', 'these are the squared lengths'),
        explain: text(R`$\lVert a \rVert = \sqrt{a \cdot a}$ です。$a \cdot a$ のままでは長さの 2 乗です。`, R`$\lVert a \rVert = \sqrt{a \cdot a}$; $a \cdot a$ alone is the squared length.`),
        compute: (attn, { a, b }) => [dot(a, a), dot(b, b), cosine(attn, a, b)],
      },
      {
        id: 'raw-dot',
        label: text('内積を長さで割っていません', 'the dot product was not divided by the lengths'),
        explain: text(R`コサイン類似度は内積を $\lVert a \rVert\,\lVert b \rVert$ で割ったもので、必ず $-1$ 以上 $1$ 以下になります。`,
          R`The cosine similarity is the dot product divided by $\lVert a \rVert\,\lVert b \rVert$; it always lies between $-1$ and $1$.`),
        compute: (attn, { a, b }) => [norm(attn, a), norm(attn, b), dot(a, b)],
      },
      {
        id: 'l1-norm',
        label: text(R`L1 ノルム（絶対値の和）を使っています`, R`used the L1 norm (the sum of absolute values)`),
        explain: text(R`ここでの長さはユークリッド長 $\sqrt{\sum_i a_i^2}$ です。`, R`The length here is the Euclidean one, $\sqrt{\sum_i a_i^2}$.`),
        compute: (attn, { a, b }) => {
          const l1 = (x) => sum(x.map(Math.abs));
          return [l1(a), l1(b), dot(a, b) / (l1(a) * l1(b))];
        },
      },
    ],
    hints: [
      text(R`$\lVert a \rVert = \sqrt{a_0^2 + a_1^2 + a_2^2 + a_3^2}$。`, R`$\lVert a \rVert = \sqrt{a_0^2 + a_1^2 + a_2^2 + a_3^2}$.`),
      text(R`内積は $a \cdot b = \sum_i a_i b_i$。それを 2 つの長さの積で割ります。`, R`The dot product is $a \cdot b = \sum_i a_i b_i$; divide it by the product of the two lengths.`),
    ],
    explanation: text(
      R`答えは $[\lVert a \rVert, \lVert b \rVert, \cos(a, b)] \approx {{answer|3}}$ です。コサイン類似度は 2 つのベクトルのなす角 $\theta$ の余弦で、長さには依存せず向きだけを比べます。アテンションのスコア $q \cdot k = \lVert q \rVert\,\lVert k \rVert \cos\theta$ は、向きの近さに長さを掛けたものだと読めます。`,
      R`The answer is $[\lVert a \rVert, \lVert b \rVert, \cos(a, b)] \approx {{answer|3}}$. The cosine similarity is the cosine of the angle $\theta$ between the vectors: it compares directions and ignores lengths. An attention score $q \cdot k = \lVert q \rVert\,\lVert k \rVert \cos\theta$ is that agreement of directions scaled by the lengths.`),
  },
  {
    id: 'matmul-shape',
    kind: 'vector',
    topic: 'linear-algebra',
    title: text('行列積の形（クロスアテンション）', 'Shapes of matrix products (cross-attention)'),
    prompt: text(
      R`デコーダの隠れ状態 $X \in \mathbb{R}^{T \times C}$ と、エンコーダの出力 $M \in \mathbb{R}^{S \times C}$ があります（$T = {{T}}$、$S = {{S}}$、$C = {{C}}$）。重み $W_Q, W_K \in \mathbb{R}^{C \times d_k}$（$d_k = {{dk}}$）で
$$Q = X W_Q,\qquad K = M W_K$$
とするとき、スコア行列 $QK^\top$ の形（行数と列数）を $[\text{行数}, \text{列数}]$ の形で答えてください。`,
      R`A decoder's hidden states $X \in \mathbb{R}^{T \times C}$ attend to an encoder's output $M \in \mathbb{R}^{S \times C}$ ($T = {{T}}$, $S = {{S}}$, $C = {{C}}$). With weights $W_Q, W_K \in \mathbb{R}^{C \times d_k}$ ($d_k = {{dk}}$),
$$Q = X W_Q,\qquad K = M W_K.$$
What is the shape of the score matrix $QK^\top$? Answer $[\text{rows}, \text{columns}]$.`),
    inputs: (rng, { variant }) => {
      if (variant === 0) return { T: 5, S: 7, C: 16, dk: 8 };
      const T = rng.int(2, 12);
      let S = rng.int(3, 20);
      while (S === T) S = rng.int(3, 20);
      const C = rng.pick([16, 32, 64]);
      return { T, S, C, dk: C / rng.pick([2, 4]) };
    },
    // The core multiplies zero matrices of these shapes; the answer is the shape it returns.
    reference: (attn, { T, S, C, dk }) => {
      const Q = attn.matmul(zeros([T, C]), zeros([C, dk]));
      const K = attn.matmul(zeros([S, C]), zeros([C, dk]));
      return attn.matmul(Q, zeros([K.shape[1], K.shape[0]])).shape;
    },
    answer: { placeholder: text('例: [3, 4]', 'e.g. [3, 4]') },
    mistakes: [
      {
        id: 'transposed',
        label: text('行と列が逆です', 'rows and columns are swapped'),
        explain: text(R`行はクエリ（$X$ の行、$T$ 個）、列はキー（$M$ の行、$S$ 個）です。`, R`Rows are queries (the $T$ rows of $X$), columns are keys (the $S$ rows of $M$).`),
        compute: (attn, { T, S }) => [S, T],
      },
      {
        id: 'self-attention',
        label: text(R`セルフアテンションの形 $T \times T$ です`, R`this is the self-attention shape $T \times T$`),
        explain: text(R`キーはエンコーダ出力 $M$ から作られるので、列の数は $S$ です。`, R`The keys come from the encoder output $M$, so there are $S$ columns.`),
        compute: (attn, { T }) => [T, T],
      },
      {
        id: 'inner-dims',
        label: text(R`$Q^\top K$ の形（$d_k \times d_k$）です`, R`this is the shape of $Q^\top K$ ($d_k \times d_k$)`),
        explain: text(R`$(A B)$ の形は「$A$ の行数 × $B$ の列数」。$QK^\top$ では共通の $d_k$ が消えます。`, R`$AB$ has $A$'s rows and $B$'s columns; in $QK^\top$ the shared $d_k$ disappears.`),
        compute: (attn, { dk }) => [dk, dk],
      },
      {
        id: 'shape-of-q',
        label: text(R`$Q$ の形です`, R`this is the shape of $Q$`),
        compute: (attn, { T, dk }) => [T, dk],
      },
    ],
    hints: [
      text(R`$(p \times q)$ 行列と $(q \times r)$ 行列の積は $p \times r$ です。`, R`A $(p \times q)$ matrix times a $(q \times r)$ matrix is $p \times r$.`),
      text(R`$Q \in \mathbb{R}^{{{T}} \times {{dk}}}$、$K \in \mathbb{R}^{{{S}} \times {{dk}}}$、$K^\top \in \mathbb{R}^{{{dk}} \times {{S}}}$ です。`, R`$Q \in \mathbb{R}^{{{T}} \times {{dk}}}$, $K \in \mathbb{R}^{{{S}} \times {{dk}}}$ and $K^\top \in \mathbb{R}^{{{dk}} \times {{S}}}$.`),
    ],
    explanation: text(
      R`$QK^\top \in \mathbb{R}^{{{T}} \times {{S}}}$ です。行 $i$ はクエリ $i$（デコーダの位置）、列 $j$ はキー $j$（エンコーダの位置）で、ソフトマックスは各行、つまりエンコーダの位置方向にとります。クロスアテンションの重みは正方行列とは限りません。`,
      R`$QK^\top \in \mathbb{R}^{{{T}} \times {{S}}}$: row $i$ is query $i$ (a decoder position), column $j$ is key $j$ (an encoder position), and the softmax runs along each row, over the encoder positions. Cross-attention weights need not be square.`),
  },
  {
    id: 'onehot-embedding',
    kind: 'matrix',
    topic: 'linear-algebra',
    title: text('one-hot ベクトルと埋め込み行列', 'One-hot vectors times the embedding matrix'),
    prompt: text(
      R`語彙のサイズ $V = 5$、埋め込みの次元 $d = 2$ の埋め込み行列を
$$E = {{E|tex}} \in \mathbb{R}^{5 \times 2}$$
とします（行 $v$ がトークン ID $v$ の埋め込み、ID は 0 から数えます）。トークン列 {{ids}} を one-hot 行列 $X \in \{0, 1\}^{3 \times 5}$（行 $t$ は $t$ 番目のトークンの one-hot ベクトル）にしたとき、$XE$ を求めてください（3 × 2 行列、1 行を 1 行に）。`,
      R`A vocabulary of $V = 5$ tokens has the embedding matrix
$$E = {{E|tex}} \in \mathbb{R}^{5 \times 2}$$
(row $v$ embeds token id $v$; ids count from 0). Write the token ids {{ids}} as a one-hot matrix $X \in \{0, 1\}^{3 \times 5}$ (row $t$ is the one-hot vector of token $t$) and compute $XE$ (3 × 2; one row per line).`),
    inputs: (rng, { variant }) => ({
      E: rng.matrix(5, 2, { dist: 'uniform', min: -2, max: 2, round: 1 }),
      ids: variant === 0 ? [3, 1, 4] : [rng.int(1, 4), rng.int(1, 4), rng.int(1, 4)],
    }),
    reference: (attn, { E, ids }) => attn.matmul(tensorOf(oneHot(ids, E.length)), tensorOf(E)),
    answer: { placeholder: text('0.1 0.2\n0.3 0.4\n0.5 0.6', '0.1 0.2\n0.3 0.4\n0.5 0.6') },
    mistakes: [
      {
        id: 'one-based',
        label: text('ID を 1 から数えています', 'counted the ids from 1'),
        explain: text(R`ID $v$ の埋め込みは $E$ の $v$ 行目（0 から数えて）です。ID 0 が 1 行目にあたります。`, R`Id $v$'s embedding is row $v$ of $E$ counting from 0: id 0 is the first row.`),
        compute: (attn, { E, ids }) => ids.map((id) => E[id - 1]),
      },
      {
        id: 'summed',
        label: text('行を足し合わせています', 'the rows were added up'),
        explain: text(R`$XE$ の行 $t$ は $X$ の行 $t$ と $E$ の積で、トークンごとに 1 行ずつ残ります。`, R`Row $t$ of $XE$ comes from row $t$ of $X$ alone: one row per token.`),
        compute: (attn, { E, ids }) => ids.map(() => [0, 1].map((c) => sum(ids.map((id) => E[id][c])))),
      },
    ],
    hints: [
      text(R`one-hot ベクトル $e_v$ と $E$ の積 $e_v^\top E$ は $\sum_{u} (e_v)_u E_{u,:}$ で、1 の立っている $u = v$ の項しか残りません。`,
        R`The product $e_v^\top E = \sum_{u} (e_v)_u E_{u,:}$ keeps only the term $u = v$, where the one-hot vector has its 1.`),
      text(R`つまり $XE$ の行 $t$ は $E$ の行 $\text{id}_t$ をそのまま写したものです。`, R`So row $t$ of $XE$ is simply row $\text{id}_t$ of $E$.`),
    ],
    explanation: text(
      R`$XE = {{answer|tex|2}}$。one-hot 行列との積は「行を選ぶ」操作なので、実装では掛け算をせず \`E[ids]\` と表引きします（PyTorch の \`nn.Embedding\`）。結果は同じで、計算量は語彙のサイズによりません。`,
      R`$XE = {{answer|tex|2}}$. Multiplying by a one-hot matrix *selects rows*, so implementations skip the product and index \`E[ids]\` (PyTorch's \`nn.Embedding\`): same result, at a cost that does not depend on the vocabulary size.`),
  },
];
