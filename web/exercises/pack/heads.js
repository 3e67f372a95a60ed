// Built-in exercises: multi-head attention's shapes (split into heads,
// grouped key/value heads) and what the KV cache costs for MHA, GQA and MQA.
import { text, zeros, R } from './shared.js';

const MIB = 2 ** 20;

/** The shapes multiHeadAttention gives q and k (per head, heads first) for x [T, C]. */
function headShapes(attn, { T, C, H, Hkv = H }) {
  const D = C / H;
  const params = { wq: zeros([C, C]), wk: zeros([C, Hkv * D]), wv: zeros([C, Hkv * D]), wo: zeros([C, C]) };
  const { intermediates } = attn.multiHeadAttention(zeros([T, C]), params, { nHeads: H, nKvHeads: Hkv, returnIntermediates: true });
  return { q: intermediates.q.shape, k: intermediates.k.shape };
}

/** KV-cache MiB of the config with `hkv` key/value heads: a one-token, one-layer KVCache's bytes × layers × tokens. */
function cacheMiB(attn, { L, D, S }, hkv) {
  const cache = new attn.KVCache({ nLayers: 1, nKvHeads: hkv, headDim: D, maxSeqLen: 1 });
  const bytes = cache.bytes;
  cache.dispose();
  return (bytes * L * S) / MIB;
}

const CONFIGS = [
  { L: 24, H: 16, D: 64, S: 2048, G: 4 },
  { L: 12, H: 12, D: 64, S: 1024, G: 4 },
  { L: 32, H: 32, D: 128, S: 4096, G: 8 },
  { L: 40, H: 40, D: 128, S: 4096, G: 8 },
];

export const exercises = [
  {
    id: 'mha-head-shape',
    kind: 'vector',
    topic: 'multi-head',
    title: text('マルチヘッドへの分割', 'Splitting into heads'),
    prompt: text(
      R`入力 $x \in \mathbb{R}^{T \times C}$（$T = {{T}}$ トークン、$C = {{C}}$）から $Q = x W_Q \in \mathbb{R}^{T \times C}$ を作り、$H = {{H}}$ 個のヘッドに分けます。各ヘッドの次元は $D = C / H$ です。PyTorch の \`scaled_dot_product_attention\` や attnscope と同じく「ヘッドが先頭」の並びにしたとき、分割後の $Q$ の形は何ですか？ $[\ldots]$ の形で答えてください。`,
      R`From the input $x \in \mathbb{R}^{T \times C}$ ($T = {{T}}$ tokens, $C = {{C}}$) we form $Q = x W_Q \in \mathbb{R}^{T \times C}$ and split it into $H = {{H}}$ heads of dimension $D = C / H$. Arranged heads first, as PyTorch's \`scaled_dot_product_attention\` and attnscope expect, what is the shape of the split $Q$? Answer as $[\ldots]$.`),
    inputs: (rng, { variant }) => (variant === 0 ? { T: 10, C: 256, H: 8 } : { T: rng.int(3, 12), C: rng.pick([128, 256, 512]), H: rng.pick([4, 8, 16]) }),
    reference: (attn, inputs) => headShapes(attn, inputs).q,
    answer: { placeholder: text('例: [2, 3, 4]', 'e.g. [2, 3, 4]') },
    mistakes: [
      {
        id: 'not-transposed',
        label: text(R`$[T, H, D]$ のままです（転置を忘れています）`, R`this is $[T, H, D]$ (the transpose is missing)`),
        explain: text(R`\`reshape\` で $[T, H, D]$ にした後、\`transpose\` でヘッドの軸を先頭に出して $[H, T, D]$ にします。こうすると各ヘッドが独立した $T \times D$ の行列になります。`,
          R`\`reshape\` gives $[T, H, D]$; a \`transpose\` then brings the head axis to the front, $[H, T, D]$, so that each head is its own $T \times D$ matrix.`),
        compute: (attn, { T, C, H }) => [T, H, C / H],
      },
      {
        id: 'full-width',
        label: text(R`各ヘッドの幅を $C$ にしています`, R`each head was given the full width $C$`),
        explain: text(R`ヘッドは $C$ 次元を $H$ 個に分け合います：$D = C / H = {{C}} / {{H}}$。`, R`The heads share the $C$ dims: $D = C / H = {{C}} / {{H}}$.`),
        compute: (attn, { T, C, H }) => [H, T, C],
      },
      {
        id: 'one-head',
        label: text('1 つのヘッドの形です', 'this is the shape of one head'),
        compute: (attn, { T, C, H }) => [T, C / H],
      },
    ],
    hints: [
      text(R`$D = C / H$ を計算します。`, R`Compute $D = C / H$.`),
      text(R`軸はヘッド、トークン、ヘッド内の次元の順です。`, R`The axes are head, token, dim within the head.`),
    ],
    explanation: text(
      R`$Q$ は {{answer}} です。各ヘッドで $\operatorname{softmax}(Q_h K_h^\top / \sqrt{D})\,V_h$ を計算したあと、ヘッドを横に並べ直して（concat）$T \times C$ に戻し、$W_O \in \mathbb{R}^{C \times C}$ を掛けます。分割と結合は並べ替えだけで、計算量は増えません。`,
      R`$Q$ is {{answer}}. Each head computes $\operatorname{softmax}(Q_h K_h^\top / \sqrt{D})\,V_h$; the heads are then laid side by side again (concat) into $T \times C$ and multiplied by $W_O \in \mathbb{R}^{C \times C}$. Splitting and concatenating only rearrange numbers: they cost no arithmetic.`),
  },
  {
    id: 'gqa-kv-shape',
    kind: 'vector',
    topic: 'multi-head',
    title: text('GQA のキーの形', 'The shape of the keys in GQA'),
    prompt: text(
      R`グループ化クエリアテンション（GQA）では、クエリのヘッドは $H = {{H}}$ 個ですが、キーとバリューのヘッドは $H_{kv} = {{Hkv}}$ 個だけで、$H / H_{kv}$ 個のクエリヘッドが 1 組のキー・バリューを共有します。$x \in \mathbb{R}^{T \times C}$（$T = {{T}}$、$C = {{C}}$）から作ったキー $K = x W_K$ をヘッドに分け、ヘッドが先頭の並びにした形は何ですか？ ヘッドの次元はクエリと同じ $D = C / H$ です。`,
      R`In grouped-query attention (GQA) there are $H = {{H}}$ query heads but only $H_{kv} = {{Hkv}}$ key/value heads: each group of $H / H_{kv}$ query heads shares one key/value head. Split the keys $K = x W_K$ of $x \in \mathbb{R}^{T \times C}$ ($T = {{T}}$, $C = {{C}}$) into heads, heads first. What is their shape? The head dim is the queries', $D = C / H$.`),
    inputs: (rng, { variant }) => {
      if (variant === 0) return { T: 10, C: 512, H: 8, Hkv: 2 };
      const H = rng.pick([8, 16, 32]);
      return { T: rng.int(3, 12), C: H * rng.pick([16, 32, 64]), H, Hkv: H / rng.pick([2, 4, 8]) };
    },
    reference: (attn, inputs) => headShapes(attn, inputs).k,
    answer: { placeholder: text('例: [2, 3, 4]', 'e.g. [2, 3, 4]') },
    mistakes: [
      {
        id: 'query-heads',
        label: text(R`キー・バリューのヘッドをクエリのヘッドと同じ数だけ数えています`, R`counted the key/value heads as query heads`),
        explain: text(R`GQA で減るのはキーとバリューのヘッドです。$W_K$ は $C \times H_{kv} D$ で、$K$ には $H_{kv}$ 個のヘッドしかありません。`,
          R`GQA has fewer key/value heads: $W_K$ is $C \times H_{kv} D$, so $K$ holds only $H_{kv}$ heads.`),
        compute: (attn, { T, C, H }) => [H, T, C / H],
      },
      {
        id: 'head-dim-from-kv',
        label: text(R`ヘッドの次元を $C / H_{kv}$ にしています`, R`took the head dim as $C / H_{kv}$`),
        explain: text(R`内積 $q \cdot k$ をとるので、キーのヘッドの次元はクエリと同じ $D = C / H$ です。`, R`Keys are dotted with queries, so they have the queries' head dim $D = C / H$.`),
        compute: (attn, { T, C, Hkv }) => [Hkv, T, C / Hkv],
      },
      {
        id: 'not-transposed',
        label: text(R`$[T, H_{kv}, D]$ のままです（転置を忘れています）`, R`this is $[T, H_{kv}, D]$ (the transpose is missing)`),
        compute: (attn, { T, C, H, Hkv }) => [T, Hkv, C / H],
      },
    ],
    hints: [
      text(R`$D = C / H = {{C}} / {{H}}$。`, R`$D = C / H = {{C}} / {{H}}$.`),
      text(R`$W_K \in \mathbb{R}^{C \times H_{kv} D}$ なので、$K$ の列は $H_{kv} D$ 個です。`, R`$W_K \in \mathbb{R}^{C \times H_{kv} D}$, so $K$ has $H_{kv} D$ columns.`),
    ],
    explanation: text(
      R`$K$ は {{answer}} です。クエリヘッド $h$ はキー・バリューのヘッド $\lfloor h / (H / H_{kv}) \rfloor$ を使います。キャッシュに残すのはこの $K$ と $V$ なので、GQA では KV キャッシュが $H / H_{kv}$ 分の 1 になります。$H_{kv} = 1$ の場合がマルチクエリアテンション（MQA）です。`,
      R`$K$ is {{answer}}. Query head $h$ uses key/value head $\lfloor h / (H / H_{kv}) \rfloor$. These $K$ and $V$ are what a KV cache keeps, so GQA shrinks the cache by a factor $H / H_{kv}$; $H_{kv} = 1$ is multi-query attention (MQA).`),
  },
  {
    id: 'kv-cache-bytes',
    kind: 'vector',
    topic: 'multi-head',
    title: text('KV キャッシュの大きさ：MHA・GQA・MQA', 'KV-cache size: MHA, GQA and MQA'),
    prompt: text(
      R`$L = {{L}}$ 層、クエリヘッド $H = {{H}}$ 個、ヘッドの次元 $D = {{D}}$ のデコーダで、$S = {{S}}$ トークンまでの KV キャッシュ（バッチ 1、float32 で 1 個 4 バイト、attnscope の \`KVCache\` と同じ）を確保します。キー・バリューのヘッドの数 $H_{kv}$ が $H$（MHA）、{{G}}（GQA）、1（MQA）のとき、それぞれ何 MiB（$2^{20}$ バイト）ですか？ [MHA, GQA, MQA] の順に答えてください。`,
      R`A decoder with $L = {{L}}$ layers, $H = {{H}}$ query heads and head dim $D = {{D}}$ allocates a KV cache for $S = {{S}}$ tokens (batch 1, float32 at 4 bytes a number, as attnscope's \`KVCache\`). How many MiB ($2^{20}$ bytes) is it when the number of key/value heads $H_{kv}$ is $H$ (MHA), {{G}} (GQA) and 1 (MQA)? Answer [MHA, GQA, MQA].`),
    inputs: (rng, { variant }) => ({ ...(variant === 0 ? CONFIGS[0] : rng.pick(CONFIGS.slice(1))) }),
    reference: (attn, c) => [c.H, c.G, 1].map((hkv) => cacheMiB(attn, c, hkv)),
    answer: { placeholder: text('例: [100, 25, 6.25]', 'e.g. [100, 25, 6.25]') },
    mistakes: [
      {
        id: 'half',
        label: text(R`半分です：$V$ を数え忘れたか、1 個 2 バイトで計算しています`, R`half the size: $V$ was left out, or 2 bytes a number were used`),
        explain: text(R`キャッシュにはキー $K$ とバリュー $V$ の両方が入り（係数 2）、float32 は 4 バイトです。`, R`The cache holds both keys $K$ and values $V$ (a factor 2), and a float32 takes 4 bytes.`),
        compute: (attn, c) => [c.H, c.G, 1].map((hkv) => cacheMiB(attn, c, hkv) / 2),
      },
      {
        id: 'query-heads',
        label: text('キー・バリューのヘッドをクエリのヘッドの数で数えています', 'counted the key/value heads as query heads'),
        explain: text(R`キャッシュに入るのはキーとバリューだけで、その数は $H_{kv}$ です。クエリはキャッシュしません。`, R`Only keys and values are cached, and there are $H_{kv}$ of them; queries are never cached.`),
        compute: (attn, c) => [c.H, c.H, c.H].map((hkv) => cacheMiB(attn, c, hkv)),
      },
      {
        id: 'megabytes',
        label: text(R`MB（$10^6$ バイト）で答えています`, R`answered in MB ($10^6$ bytes)`),
        compute: (attn, c) => [c.H, c.G, 1].map((hkv) => (cacheMiB(attn, c, hkv) * MIB) / 1e6),
      },
      {
        id: 'one-layer',
        label: text('1 層分しか数えていません', 'counted one layer only'),
        compute: (attn, c) => [c.H, c.G, 1].map((hkv) => cacheMiB(attn, c, hkv) / c.L),
      },
    ],
    hints: [
      text(R`バイト数は $2 \times L \times H_{kv} \times S \times D \times 4$ です（2 は $K$ と $V$）。`, R`The bytes are $2 \times L \times H_{kv} \times S \times D \times 4$ (the 2 is $K$ and $V$).`),
      text(R`最後に $2^{20} = 1048576$ で割ります。`, R`Divide by $2^{20} = 1048576$ at the end.`),
    ],
    explanation: text(
      R`{{answer|2}} MiB です（attnscope の \`KVCache\` の \`bytes\` から計算しています）。キャッシュはキー・バリューのヘッドの数に比例するので、GQA は MHA の $H_{kv}/H$、MQA は $1/H$ になります。長い文脈やたくさんの同時リクエストをさばくときに、この差がメモリの限界を決めます。`,
      R`{{answer|2}} MiB (computed from the \`bytes\` of attnscope's \`KVCache\`). The cache is proportional to the number of key/value heads, so GQA needs $H_{kv}/H$ of MHA's memory and MQA $1/H$. With long contexts or many requests at once, this is what decides whether things fit in memory.`),
  },
];
