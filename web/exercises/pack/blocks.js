// Built-in exercises: counting the parameters of a feed-forward layer
// (GPT-2's and Llama's SwiGLU) and of a whole GPT-2 block with attnscope's
// countParameters, and the gradient along the residual path.
import { text, tensorOf, R } from './shared.js';

const GPT2 = [{ C: 768, H: 12 }, { C: 1024, H: 16 }, { C: 1280, H: 20 }, { C: 1600, H: 25 }];
const LLAMA = [{ C: 4096, H: 32, F: 11008 }, { C: 2048, H: 32, F: 5632 }, { C: 5120, H: 40, F: 13824 }, { C: 8192, H: 64, F: 28672 }];
const EXACT = { abs: 0.5, rel: 0 };
const gpt2Count = (attn, { C, H }) => attn.countParameters({ dModel: C, nHeads: H, dFF: 4 * C });

/** d(out)/d(in) of layers h -> h + w·h (residual) or h -> w·h, as a chain of 1×1 products on the core. */
const chain = (attn, factors) => factors.reduce((acc, f) => attn.matmul(acc, tensorOf([[f]])), tensorOf([[1]])).data[0];

export const exercises = [
  {
    id: 'ffn-params',
    kind: 'number',
    topic: 'blocks',
    title: text('FFN のパラメータ数（GPT-2）', 'Parameters of the FFN (GPT-2)'),
    prompt: text(
      R`GPT-2 の FFN は $\mathrm{FFN}(x) = \mathrm{GELU}(x W_1 + b_1)\,W_2 + b_2$ で、$W_1 \in \mathbb{R}^{C \times F}$、$W_2 \in \mathbb{R}^{F \times C}$、中間の幅は $F = 4C$ です。$C = {{C}}$ のとき、FFN のパラメータ（重みとバイアス）は全部でいくつですか？`,
      R`GPT-2's FFN is $\mathrm{FFN}(x) = \mathrm{GELU}(x W_1 + b_1)\,W_2 + b_2$ with $W_1 \in \mathbb{R}^{C \times F}$, $W_2 \in \mathbb{R}^{F \times C}$ and the hidden width $F = 4C$. For $C = {{C}}$, how many parameters (weights and biases) does the FFN have?`),
    inputs: (rng, { variant }) => ({ ...(variant === 0 ? GPT2[0] : rng.pick(GPT2)) }),
    reference: (attn, c) => gpt2Count(attn, c).breakdown.ffn,
    tolerance: EXACT,
    answer: { digits: 10, placeholder: text('例: 2*768*3072 + …', 'e.g. 2*768*3072 + …') },
    mistakes: [
      {
        id: 'no-bias',
        label: text(R`バイアス $b_1$、$b_2$ を数えていません`, R`the biases $b_1$, $b_2$ were not counted`),
        explain: text(R`$b_1$ は $F$ 個、$b_2$ は $C$ 個です。`, R`$b_1$ has $F$ entries and $b_2$ has $C$.`),
        compute: (attn, { C }) => 2 * C * 4 * C,
      },
      {
        id: 'one-matrix',
        label: text('重み行列を 1 つしか数えていません', 'only one weight matrix was counted'),
        compute: (attn, { C }) => C * 4 * C + 4 * C + C,
      },
      {
        id: 'one-bias',
        label: text(R`バイアスを 1 つ（$b_1$ か $b_2$）しか数えていません`, R`only one bias ($b_1$ or $b_2$) was counted`),
        compute: (attn, { C }) => 2 * C * 4 * C + 4 * C,
      },
    ],
    hints: [
      text(R`$W_1$ と $W_2$ はどちらも $C \cdot F = 4C^2$ 個です。`, R`$W_1$ and $W_2$ each have $C \cdot F = 4C^2$ entries.`),
      text(R`合計は $2CF + F + C$。式のまま \`2*{{C}}*4*{{C}} + 4*{{C}} + {{C}}\` と入力できます。`, R`The total is $2CF + F + C$; you may type the expression, e.g. \`2*{{C}}*4*{{C}} + 4*{{C}} + {{C}}\`.`),
    ],
    explanation: text(
      R`{{answer|10}} 個です（$8C^2 + 5C$、attnscope の \`countParameters\` で数えています）。ブロックのパラメータの約 3 分の 2 が FFN にあります。`,
      R`{{answer|10}} ($8C^2 + 5C$, counted by attnscope's \`countParameters\`). About two thirds of a block's parameters sit in its FFN.`),
  },
  {
    id: 'swiglu-params',
    kind: 'number',
    topic: 'blocks',
    title: text('SwiGLU の FFN のパラメータ数（Llama）', 'Parameters of a SwiGLU FFN (Llama)'),
    prompt: text(
      R`Llama の FFN は SwiGLU
$$\mathrm{FFN}(x) = \bigl(\mathrm{SiLU}(x W_1) \odot (x W_3)\bigr)\,W_2$$
で、$W_1, W_3 \in \mathbb{R}^{C \times F}$、$W_2 \in \mathbb{R}^{F \times C}$、バイアスはありません。$C = {{C}}$、$F = {{F}}$ のとき、パラメータはいくつですか？`,
      R`Llama's FFN is the SwiGLU
$$\mathrm{FFN}(x) = \bigl(\mathrm{SiLU}(x W_1) \odot (x W_3)\bigr)\,W_2$$
with $W_1, W_3 \in \mathbb{R}^{C \times F}$, $W_2 \in \mathbb{R}^{F \times C}$ and no biases. For $C = {{C}}$ and $F = {{F}}$, how many parameters does it have?`),
    inputs: (rng, { variant }) => ({ ...(variant === 0 ? LLAMA[0] : rng.pick(LLAMA)) }),
    reference: (attn, { C, H, F }) => attn.countParameters({ dModel: C, nHeads: H, dFF: F, norm: 'rmsnorm', activation: 'swiglu' }).breakdown.ffn,
    tolerance: EXACT,
    answer: { digits: 10, placeholder: text('例: 3*4096*11008', 'e.g. 3*4096*11008') },
    mistakes: [
      {
        id: 'two-matrices',
        label: text(R`ゲートの行列 $W_3$ を数えていません`, R`the gate matrix $W_3$ was not counted`),
        explain: text(R`SwiGLU は行列が 3 つです。そのぶん $F$ を $4C$ より小さく（およそ $\frac{2}{3} \cdot 4C$ に）して、パラメータ数を普通の FFN に近づけています。`,
          R`SwiGLU has three matrices; that is why $F$ is made smaller than $4C$ (about $\frac{2}{3} \cdot 4C$), to keep the count close to a plain FFN's.`),
        compute: (attn, { C, F }) => 2 * C * F,
      },
      {
        id: 'with-bias',
        label: text('バイアスも数えています', 'biases were counted too'),
        explain: text('Llama の線形層にはバイアスがありません。', "Llama's linear layers have no biases."),
        compute: (attn, { C, F }) => 3 * C * F + 2 * F + C,
      },
      {
        id: 'f-is-4c',
        label: text(R`$F = 4C$ としています`, R`took $F = 4C$`),
        compute: (attn, { C }) => 3 * C * 4 * C,
      },
    ],
    hints: [
      text(R`行列は $W_1$、$W_3$（$C \times F$）と $W_2$（$F \times C$）の 3 つです。`, R`There are three matrices: $W_1$, $W_3$ ($C \times F$) and $W_2$ ($F \times C$).`),
    ],
    explanation: text(
      R`$3CF$ = {{answer|10}} 個です（attnscope の \`countParameters\` で数えています）。`,
      R`$3CF$ = {{answer|10}} (counted by attnscope's \`countParameters\`).`),
  },
  {
    id: 'block-params',
    kind: 'number',
    topic: 'blocks',
    title: text('GPT-2 のブロック 1 つのパラメータ数', 'Parameters of one GPT-2 block'),
    prompt: text(
      R`GPT-2 のブロックは、LayerNorm（重みとバイアス、各 $C$ 個）が 2 つ、アテンション（$W_Q, W_K, W_V, W_O \in \mathbb{R}^{C \times C}$ とそれぞれのバイアス）、FFN（$F = 4C$、バイアスあり）からなります。$C = {{C}}$（ヘッド {{H}} 個）のとき、ブロック 1 つのパラメータはいくつですか？`,
      R`A GPT-2 block has two LayerNorms (a weight and a bias of $C$ entries each), attention ($W_Q, W_K, W_V, W_O \in \mathbb{R}^{C \times C}$, each with a bias) and an FFN ($F = 4C$, with biases). For $C = {{C}}$ ({{H}} heads), how many parameters does one block have?`),
    inputs: (rng, { variant }) => ({ ...(variant === 0 ? GPT2[0] : rng.pick(GPT2)) }),
    reference: (attn, c) => gpt2Count(attn, c).perBlock,
    tolerance: EXACT,
    answer: { digits: 10, placeholder: text('例: 12*768^2 + …', 'e.g. 12*768^2 + …') },
    mistakes: [
      {
        id: 'no-bias',
        label: text('バイアスを数えていません', 'the biases were not counted'),
        explain: text(R`アテンションに $4C$、FFN に $F + C = 5C$、LayerNorm に $2C$ のバイアスがあります。`, R`There are $4C$ biases in attention, $F + C = 5C$ in the FFN and $2C$ in the LayerNorms.`),
        compute: (attn, { C }) => 12 * C * C + 2 * C,
      },
      {
        id: 'weights-only',
        label: text(R`重み行列しか数えていません（$12C^2$）`, R`only the weight matrices were counted ($12C^2$)`),
        compute: (attn, { C }) => 12 * C * C,
      },
      {
        id: 'no-norms',
        label: text('LayerNorm を数えていません', 'the LayerNorms were not counted'),
        compute: (attn, c) => gpt2Count(attn, c).perBlock - gpt2Count(attn, c).breakdown.norms,
      },
      {
        id: 'attention-only',
        label: text('アテンションしか数えていません', 'only the attention was counted'),
        compute: (attn, c) => gpt2Count(attn, c).breakdown.attention,
      },
    ],
    hints: [
      text(R`アテンション：$4C^2 + 4C$。FFN：$8C^2 + 5C$。LayerNorm 2 つ：$4C$。`, R`Attention: $4C^2 + 4C$. FFN: $8C^2 + 5C$. Two LayerNorms: $4C$.`),
      text(R`合計は $12C^2 + 13C$ です。`, R`The total is $12C^2 + 13C$.`),
    ],
    explanation: text(
      R`{{answer|10}} 個です（$12C^2 + 13C$、attnscope の \`countParameters\` で数えています）。ヘッドの数はパラメータ数に影響しません。$C$ が大きいと $12C^2$ がほとんどを占めるので、「ブロック 1 つでおよそ $12C^2$」と覚えておくと便利です。`,
      R`{{answer|10}} ($12C^2 + 13C$, counted by attnscope's \`countParameters\`). The number of heads does not change it. For large $C$ the $12C^2$ dominates, so "about $12C^2$ per block" is a handy rule.`),
  },
  {
    id: 'residual-gradient',
    kind: 'number',
    topic: 'blocks',
    title: text('残差接続を通る勾配', 'The gradient through residual connections'),
    prompt: text(
      R`1 次元の「深いネットワーク」で、層 $\ell = 1, \dots, {{L}}$ がそれぞれ $f_\ell(h) = w_\ell\, h$ を計算するとします。重みは $w = {{w}}$ です。残差接続 $h_\ell = h_{\ell-1} + f_\ell(h_{\ell-1})$ でつないだとき、出力の入力に対する微分 $\partial h_{{{L}}} / \partial h_0$ はいくつですか？`,
      R`In a one-dimensional "deep network", layers $\ell = 1, \dots, {{L}}$ each compute $f_\ell(h) = w_\ell\, h$, with weights $w = {{w}}$. Joined by residual connections $h_\ell = h_{\ell-1} + f_\ell(h_{\ell-1})$, what is the derivative of the output with respect to the input, $\partial h_{{{L}}} / \partial h_0$?`),
    inputs: (rng, { variant }) => {
      if (variant === 0) return { L: 4, w: [0.5, -0.3, 0.2, 0.4] };
      const L = rng.int(3, 6);
      return { L, w: rng.vector(L, { dist: 'uniform', min: -0.6, max: 0.6, round: 1 }) };
    },
    reference: (attn, { w }) => chain(attn, w.map((x) => 1 + x)),
    answer: { placeholder: text('例: 1.2*0.8*…', 'e.g. 1.2*0.8*…') },
    mistakes: [
      {
        id: 'no-residual',
        label: text(R`残差のない $\prod_\ell w_\ell$ です`, R`this is $\prod_\ell w_\ell$, without the residual`),
        explain: text(R`残差があると各層の微分は $1 + w_\ell$ です。残差なしの $\prod w_\ell$ は、$|w_\ell| < 1$ なら層を重ねるほど 0 に近づきます（勾配消失）。`,
          R`With the residual each layer's derivative is $1 + w_\ell$. Without it, $\prod w_\ell$ shrinks towards 0 layer after layer when $|w_\ell| < 1$ (vanishing gradients).`),
        compute: (attn, { w }) => chain(attn, w),
      },
      {
        id: 'first-order',
        label: text(R`$1 + \sum_\ell w_\ell$ にしています`, R`used $1 + \sum_\ell w_\ell$`),
        explain: text(R`それは積 $\prod (1 + w_\ell)$ を展開したときの 1 次の項までです。$w_\ell w_m$ などの積の項も残ります。`, R`That keeps only the first-order terms of $\prod (1 + w_\ell)$; products such as $w_\ell w_m$ remain too.`),
        compute: (attn, { w }) => 1 + w.reduce((a, b) => a + b, 0),
      },
      {
        id: 'sum-of-factors',
        label: text(R`$\sum_\ell (1 + w_\ell)$ にしています`, R`used $\sum_\ell (1 + w_\ell)$`),
        explain: text('連鎖律では、層ごとの微分を足すのではなく掛けます。', 'The chain rule multiplies the layers’ derivatives; it does not add them.'),
        compute: (attn, { w }) => w.reduce((a, b) => a + 1 + b, 0),
      },
    ],
    hints: [
      text(R`$h_\ell = (1 + w_\ell)\,h_{\ell-1}$ なので、1 層の微分は $1 + w_\ell$ です。`, R`$h_\ell = (1 + w_\ell)\,h_{\ell-1}$, so one layer's derivative is $1 + w_\ell$.`),
      text(R`連鎖律で、層ごとの微分を掛け合わせます。`, R`By the chain rule, multiply the layers' derivatives.`),
    ],
    explanation: text(
      R`$\prod_\ell (1 + w_\ell) \approx {{answer}}$。展開すると $1 + \sum_\ell w_\ell + \sum_{\ell < m} w_\ell w_m + \dots$ で、先頭の 1 は「どの層も通らない道」の寄与です。残差接続のおかげで、各層の重みが小さくても勾配は 0 になりません。`,
      R`$\prod_\ell (1 + w_\ell) \approx {{answer}}$. Expanded, it is $1 + \sum_\ell w_\ell + \sum_{\ell < m} w_\ell w_m + \dots$: the leading 1 is the path that skips every layer. Thanks to the residual connections the gradient does not vanish even when every layer's weight is small.`),
  },
];
