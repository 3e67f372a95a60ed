// Built-in exercises from the GPT-versus-BERT experiment (runMaskedVsCausal):
// how many query–key pairs a causal and a bidirectional head can use (counted
// from the core's attention weights), how many inputs BERT's recipe turns
// into [MASK], and how many more steps the masked objective needs to learn
// from as many targets. Every expected value is computed at run time.
import { text, R } from './shared.js';

/** Query–key pairs with a weight above 0, from the core's attention of seeded q, k (causal or not). */
function usedPairs(attn, T, isCausal) {
  const q = attn.tensor(Float32Array.from({ length: T * 4 }, (_, i) => Math.sin(1.7 * i + 0.3)), [1, T, 4]);
  const k = attn.tensor(Float32Array.from({ length: T * 4 }, (_, i) => Math.cos(0.9 * i + 0.1)), [1, T, 4]);
  const { weights } = attn.scaledDotProductAttention(q, k, k, { isCausal, returnWeights: true });
  return weights.data.reduce((n, w) => n + (w > 0 ? 1 : 0), 0);
}

export const exercises = [
  {
    id: 'attention-pairs',
    kind: 'vector',
    topic: 'masks',
    title: text('因果と双方向：使えるペアの数', 'Causal and bidirectional: how many pairs'),
    prompt: text(
      R`{{T}} トークンの系列で、1 つのヘッドのアテンションの重みのうち 0 でないもの（クエリとキーの組）はいくつありえますか。GPT のような因果的なヘッドと、BERT のような双方向のヘッドについて [因果, 双方向] で答えてください。`,
      R`In a sequence of {{T}} tokens, how many of one head's attention weights (query–key pairs) can be non-zero? Answer [causal, bidirectional] for a causal head (GPT) and a bidirectional one (BERT).`),
    inputs: (rng, { variant }) => ({ T: variant === 0 ? 8 : rng.int(5, 40) }),
    reference: (attn, { T }) => [usedPairs(attn, T, true), usedPairs(attn, T, false)],
    tolerance: { abs: 0, rel: 0 },
    answer: { placeholder: text('例: [10, 16]', 'e.g. [10, 16]') },
    mistakes: [
      {
        id: 'no-diagonal',
        label: text('因果のヘッドで自分自身（対角）を数えていません', 'left the diagonal out of the causal count'),
        explain: text(R`因果マスクはクエリ $i$ にキー $j \le i$ を許します。$j = i$、つまり自分自身も含みます。`, R`A causal mask lets query $i$ see keys $j \le i$: $j = i$, the token itself, included.`),
        compute: (attn, { T }) => [usedPairs(attn, T, true) - T, usedPairs(attn, T, false)],
      },
      {
        id: 'half-square',
        label: text(R`因果の数を $T^2/2$ にしています`, R`took $T^2/2$ for the causal count`),
        compute: (attn, { T }) => [usedPairs(attn, T, false) / 2, usedPairs(attn, T, false)],
      },
    ],
    hints: [text(R`クエリ $i$（0 から数える）が見られるキーは何個ですか。`, R`How many keys can query $i$ (counting from 0) see?`)],
    explanation: text(
      R`{{answer}}。因果のヘッドは $T(T+1)/2$、双方向のヘッドは $T^2$ です。どちらも同じソフトマックスで、違いはマスクだけです。そのマスクが、一方を 1 トークンずつ生成できるモデルにし、他方を穴埋めのモデルにします。`,
      R`{{answer}}: $T(T+1)/2$ for the causal head, $T^2$ for the bidirectional one. The softmax is the same; only the mask differs — and the mask is what lets one model generate token by token and makes the other a fill-in model.`),
  },
  {
    id: 'mlm-mask-count',
    kind: 'number',
    topic: 'masks',
    title: text('BERT の [MASK] はいくつ', 'How many [MASK] tokens does BERT make'),
    prompt: text(
      R`BERT のマスク言語モデルは、各位置を確率 {{p}} で選び、選んだ位置の 80 % を [MASK]、10 % をランダムなトークン、10 % をそのままにします（attn.maskedBatch と同じ）。{{B}} 本 × {{T}} トークンのバッチで、[MASK] に置き換わる入力の数の期待値はいくつですか。`,
      R`BERT's masked language model chooses each position with probability {{p}}; of the chosen ones 80 % become [MASK], 10 % a random token and 10 % stay (as attn.maskedBatch does). In a batch of {{B}} sequences × {{T}} tokens, how many inputs are replaced by [MASK] on average?`),
    inputs: (rng, { variant }) => ({ B: variant === 0 ? 8 : rng.pick([4, 16, 32]), T: variant === 0 ? 128 : rng.pick([64, 256, 512]), p: 0.15 }),
    reference: (attn, { B, T, p }) => B * T * p * 0.8,
    tolerance: { abs: 0.01, rel: 0 },
    answer: { placeholder: text('例: 100', 'e.g. 100') },
    mistakes: [
      {
        id: 'all-chosen',
        label: text('選ばれた位置をすべて [MASK] にしています', 'counted every chosen position as [MASK]'),
        explain: text(R`選ばれた位置のうち [MASK] になるのは 80 % だけです。残りの 20 % があるので、モデルは [MASK] 以外の入力も疑うことを学びます。`, R`Only 80 % of the chosen positions become [MASK]; the other 20 % teach the model not to trust the inputs that look normal.`),
        compute: (attn, { B, T, p }) => B * T * p,
      },
      {
        id: 'mask-share',
        label: text('15 % を掛け忘れています', 'forgot the 15 %'),
        compute: (attn, { B, T }) => B * T * 0.8,
      },
    ],
    hints: [text(R`位置の数 × 選ばれる確率 × [MASK] になる割合。`, R`positions × the chance of being chosen × the share that becomes [MASK].`)],
    explanation: text(
      R`{{answer}} 個です。損失を計算するのは選ばれた位置（{{p}} × 位置数）だけなので、同じステップ数なら、すべての位置で次のトークンを予測する因果のモデルよりずっと少ない正解から学びます。`,
      R`{{answer}}. The loss is taken at the chosen positions only ({{p}} × the positions), so for the same steps the masked model learns from far fewer targets than a causal model, which predicts the next token at every position.`),
  },
  {
    id: 'mlm-steps-to-match',
    kind: 'number',
    topic: 'language-model',
    title: text('同じ数の正解を見るには', 'Steps to see as many targets'),
    prompt: text(
      R`因果の言語モデルはバッチのすべての位置で次のトークンを予測し、マスクの言語モデルは確率 {{p}} で選んだ位置だけを予測します。因果のモデルが {{S}} ステップで学ぶのと同じ数の正解（の期待値）をマスクのモデルが見るには、同じバッチで何ステップ必要ですか。`,
      R`A causal language model predicts the next token at every position of its batch; a masked one only at the positions chosen with probability {{p}}. With the same batches, how many steps does the masked model need to see as many targets (on average) as the causal model sees in {{S}} steps?`),
    inputs: (rng, { variant }) => ({ S: variant === 0 ? 600 : rng.pick([300, 1000, 2000]), p: variant === 0 ? 0.15 : rng.pick([0.15, 0.2, 0.3]) }),
    reference: (attn, { S, p }) => S / p,
    tolerance: { abs: 0, rel: 0.001 },
    answer: { placeholder: text('例: 5000', 'e.g. 5000') },
    mistakes: [
      {
        id: 'times',
        label: text('割る代わりに掛けています', 'multiplied instead of dividing'),
        compute: (attn, { S, p }) => S * p,
      },
      {
        id: 'mask-only',
        label: text('[MASK] になった 80 % だけを正解として数えています', 'counted only the 80 % that become [MASK] as targets'),
        explain: text(R`ランダムに置き換えた位置とそのままの位置も、選ばれた位置なので損失に入ります。`, R`The positions replaced by a random token or left as they were are chosen too: the loss covers them as well.`),
        compute: (attn, { S, p }) => S / (p * 0.8),
      },
    ],
    hints: [text(R`1 ステップで見る正解の数の比は $p : 1$ です。`, R`Per step, the targets are in the ratio $p : 1$.`)],
    explanation: text(
      R`{{answer}} ステップです。「GPT と BERT」のページでは、同じステップ数で学習させ、それぞれが学習に使った正解の数も示しています。`,
      R`{{answer}} steps. The GPT-and-BERT page trains both for the same steps and shows how many targets each learned from.`),
  },
];
