// Built-in exercises: memory and cost — the KV cache of a real model (fp16,
// per token and at 4,096 tokens), MHA against MQA, FlashAttention's merge of
// three tiles, and how many pairs a strided mask keeps.
import { text, tensorOf, sum, R } from './shared.js';

const KIB = 2 ** 10, GIB = 2 ** 30;
// Llama 2's attention shapes (Touvron et al. 2023, Table 1; 70B uses GQA with 8 KV heads).
const LLAMA2_7B = { name: 'Llama-2-7B', nLayers: 32, nKvHeads: 32, headDim: 128 };
const MODELS = [
  LLAMA2_7B,
  { name: 'Llama-2-13B', nLayers: 40, nKvHeads: 40, headDim: 128 },
  { name: 'GPT-2 small', nLayers: 12, nKvHeads: 12, headDim: 64 },
];
const DTYPES = [{ dtype: 'float16', label: 'fp16' }, { dtype: 'bfloat16', label: 'bf16' }, { dtype: 'int8', label: 'int8' }];
const BYTES = { float16: 2, bfloat16: 2, int8: 1, float32: 4 };

const cacheBytes = (attn, m, seqLen, dtype, nKvHeads = m.nKvHeads) =>
  attn.kvCacheBytes({ nLayers: m.nLayers, nKvHeads, headDim: m.headDim, seqLen, dtype });
/** [KiB per token, GiB at S tokens] written out by hand (for mistakes). */
const byHand = ({ nLayers, nKvHeads, headDim, S, dtype }, factor = 2, bytes = BYTES[dtype]) => {
  const perToken = factor * nLayers * nKvHeads * headDim * bytes;
  return [perToken / KIB, (perToken * S) / GIB];
};

const round3 = (x) => Math.round(x * 1000) / 1000;
/** One tile's m, ℓ = Σ e^(s - m) and o = its own softmax(s)·V, from the core, rounded as shown. */
function tileStats(attn, s, V) {
  const w = attn.softmax(tensorOf(s));
  return { m: Math.max(...s), l: round3(1 / Math.max(...w.data)), o: Array.from(attn.matmul(w, tensorOf(V)).data, round3) };
}
const TILES = [
  { s: [1.2, -0.3], V: [[1, 0], [0.5, 0.5]] },
  { s: [2.5, 0.4], V: [[-1, 1], [0, -0.5]] },
  { s: [0.1, 1.9], V: [[0.3, 0.8], [0.6, -1]] },
];
/** The merged output from the shown stats: weights softmax(m_t + ln ℓ_t) over the tile outputs (core). */
const mergeTiles = (attn, tiles) =>
  Array.from(attn.matmul(attn.softmax(tensorOf(tiles.map((t) => t.m + Math.log(t.l)))), tensorOf(tiles.map((t) => t.o))).data);

export const exercises = [
  {
    id: 'kv-cache-llama2-7b',
    kind: 'vector',
    topic: 'multi-head',
    title: text('KV キャッシュは何バイトか：Llama-2-7B ほか', 'How big is a KV cache? Llama-2-7B and others'),
    prompt: text(
      R`{{name}} は {{L}} 層、キー・バリューのヘッドが {{Hkv}} 個、ヘッドの次元が {{D}} です。KV キャッシュを {{dtypeLabel}}（1 個 {{bytes}} バイト）で持つとき、(1) 1 トークンあたり何 KiB（$2^{10}$ バイト）、(2) $S = {{S}}$ トークンで何 GiB（$2^{30}$ バイト）ですか？ バッチは 1 です。[KiB/トークン, GiB] の順に答えてください。`,
      R`{{name}} has {{L}} layers, {{Hkv}} key/value heads and head dim {{D}}. With its KV cache stored in {{dtypeLabel}} ({{bytes}} bytes a number), how many (1) KiB ($2^{10}$ bytes) per token and (2) GiB ($2^{30}$ bytes) for $S = {{S}}$ tokens does it take, batch 1? Answer [KiB per token, GiB].`),
    inputs: (rng, { variant }) => {
      const m = variant === 0 ? LLAMA2_7B : rng.pick(MODELS);
      const d = variant === 0 ? DTYPES[0] : rng.pick(DTYPES);
      const S = variant === 0 ? 4096 : rng.pick([1024, 2048, 8192]);
      return { name: m.name, L: m.nLayers, Hkv: m.nKvHeads, D: m.headDim, S, dtype: d.dtype, dtypeLabel: d.label, bytes: BYTES[d.dtype] };
    },
    reference: (attn, { L, Hkv, D, S, dtype }) => {
      const m = { nLayers: L, nKvHeads: Hkv, headDim: D };
      return [cacheBytes(attn, m, 1, dtype) / KIB, cacheBytes(attn, m, S, dtype) / GIB];
    },
    answer: { placeholder: text('例: [256, 1.5]', 'e.g. [256, 1.5]') },
    mistakes: [
      {
        id: 'keys-only',
        label: text(R`キーだけを数えています（$V$ を忘れています）`, R`counted the keys only (forgot $V$)`),
        explain: text(R`各層はキー $K$ とバリュー $V$ の両方をキャッシュします：係数 2。`, R`Every layer caches both keys $K$ and values $V$: a factor 2.`),
        compute: (attn, { L, Hkv, D, S, dtype }) => byHand({ nLayers: L, nKvHeads: Hkv, headDim: D, S, dtype }, 1),
      },
      {
        id: 'float32',
        label: text('1 個 4 バイト（float32）で計算しています', 'used 4 bytes a number (float32)'),
        compute: (attn, { L, Hkv, D, S, dtype }) => byHand({ nLayers: L, nKvHeads: Hkv, headDim: D, S, dtype }, 2, 4),
      },
      {
        id: 'one-layer',
        label: text('1 層分しか数えていません', 'counted one layer only'),
        compute: (attn, { Hkv, D, S, dtype }) => byHand({ nLayers: 1, nKvHeads: Hkv, headDim: D, S, dtype }),
      },
    ],
    hints: [
      text(R`1 トークンあたり $2 \times L \times H_{kv} \times D \times \text{bytes}$ バイトです（2 は $K$ と $V$）。`, R`Per token: $2 \times L \times H_{kv} \times D \times \text{bytes}$ bytes (the 2 is $K$ and $V$).`),
      text(R`$2 \times {{L}} \times {{Hkv}} \times {{D}} \times {{bytes}}$ を $2^{10}$ で割ると KiB、それに $S$ を掛けて $2^{30}$ で割ると GiB です。`, R`$2 \times {{L}} \times {{Hkv}} \times {{D}} \times {{bytes}}$ divided by $2^{10}$ is KiB; times $S$ divided by $2^{30}$ is GiB.`),
    ],
    explanation: text(
      R`{{answer|4}} です（attnscope の \`kvCacheBytes\` で計算）。{{name}} の重み自体が数 GiB なので、長い文脈や多数の同時リクエストではキャッシュが重みと同じくらいのメモリを使います。GQA や MQA（キー・バリューのヘッドを減らす）や量子化がこれを減らします。`,
      R`{{answer|4}} (computed with attnscope's \`kvCacheBytes\`). {{name}}'s weights are themselves a few GiB, so with long contexts or many requests at once the cache takes as much memory as the weights. GQA and MQA (fewer key/value heads) and quantisation shrink it.`),
  },
  {
    id: 'mqa-memory-ratio',
    kind: 'number',
    topic: 'multi-head',
    title: text('MHA から MQA へ：キャッシュは何分の 1 か', 'From MHA to MQA: how much smaller is the cache?'),
    prompt: text(
      R`{{L}} 層、クエリヘッド $H = {{H}}$ 個、ヘッド次元 {{D}} のモデルを、マルチヘッド（MHA：キー・バリューのヘッドも $H$ 個）からマルチクエリ（MQA：キー・バリューのヘッドは 1 個を全クエリヘッドで共有）に変えます。同じ長さ・同じ型の KV キャッシュで、MHA のキャッシュは MQA の何倍ですか？`,
      R`A model with {{L}} layers, $H = {{H}}$ query heads and head dim {{D}} goes from multi-head attention (MHA: $H$ key/value heads too) to multi-query attention (MQA: one key/value head shared by every query head). For a KV cache of the same length and type, how many times larger is MHA's cache than MQA's?`),
    inputs: (rng, { variant }) => (variant === 0 ? { L: 32, H: 32, D: 128 } : { L: rng.pick([12, 24, 40]), H: rng.pick([8, 12, 16, 64]), D: rng.pick([64, 128]) }),
    reference: (attn, { L, H, D }) => {
      const m = { nLayers: L, headDim: D };
      return cacheBytes(attn, m, 4096, 'float16', H) / cacheBytes(attn, m, 4096, 'float16', 1);
    },
    mistakes: [
      {
        id: 'inverted',
        label: text(R`逆数（MQA が MHA の何倍か）を答えています`, R`gave the inverse (MQA relative to MHA)`),
        compute: (attn, { H }) => 1 / H,
      },
      {
        id: 'keys-only-shared',
        label: text(R`キーだけが共有されると考えています`, R`assumed only the keys are shared`),
        explain: text(R`MQA ではキーもバリューも 1 組だけです。キャッシュはどちらも $H$ 分の 1 になります。`, R`In MQA both keys and values come as a single head: both shrink by $H$.`),
        compute: (attn, { H }) => (2 * H) / (H + 1),
      },
    ],
    hints: [
      text(R`キャッシュの大きさは $2 \times L \times H_{kv} \times S \times D \times \text{bytes}$。変わるのは $H_{kv}$ だけです。`, R`The cache is $2 \times L \times H_{kv} \times S \times D \times \text{bytes}$; only $H_{kv}$ changes.`),
    ],
    explanation: text(
      R`{{answer|2}} 倍です（attnscope の \`kvCacheBytes\` で MHA と MQA を比べています）。層数やヘッド次元、長さには関係なく $H_{kv}$ の比だけで決まります。GQA（$H_{kv}$ 個のグループ）はその中間で、Llama-2-70B は $H = 64$ に対して $H_{kv} = 8$ です。`,
      R`{{answer|2}} times (attnscope's \`kvCacheBytes\` for MHA against MQA). It depends only on the ratio of $H_{kv}$, not on layers, head dim or length. GQA ($H_{kv}$ groups) sits in between: Llama-2-70B has $H_{kv} = 8$ for $H = 64$.`),
  },
  {
    id: 'flash-three-tiles',
    kind: 'vector',
    topic: 'efficient-attention',
    title: text('FlashAttention：3 つのタイルをまとめる', 'FlashAttention: merging three tiles'),
    prompt: text(
      R`FlashAttention はキーをタイルに分け、タイル $t$ ごとに $m_t = \max_j s_j$、$\ell_t = \sum_j e^{s_j - m_t}$、$o_t = \frac{1}{\ell_t}\sum_j e^{s_j - m_t} v_j$ を作ります。あるクエリの 3 つのタイルは
- タイル 1：$m_1 = {{m1}}$、$\ell_1 = {{l1}}$、$o_1 = {{o1}}$
- タイル 2：$m_2 = {{m2}}$、$\ell_2 = {{l2}}$、$o_2 = {{o2}}$
- タイル 3：$m_3 = {{m3}}$、$\ell_3 = {{l3}}$、$o_3 = {{o3}}$

でした。全部のキーにわたるアテンションの出力 $o$ を求めてください。`,
      R`FlashAttention splits the keys into tiles and keeps, per tile $t$, $m_t = \max_j s_j$, $\ell_t = \sum_j e^{s_j - m_t}$ and $o_t = \frac{1}{\ell_t}\sum_j e^{s_j - m_t} v_j$. For one query the three tiles gave
- tile 1: $m_1 = {{m1}}$, $\ell_1 = {{l1}}$, $o_1 = {{o1}}$
- tile 2: $m_2 = {{m2}}$, $\ell_2 = {{l2}}$, $o_2 = {{o2}}$
- tile 3: $m_3 = {{m3}}$, $\ell_3 = {{l3}}$, $o_3 = {{o3}}$

Compute the attention output $o$ over all the keys.`),
    inputs: (rng, { attn, variant }) => {
      const tiles = variant === 0 ? TILES : [0, 1, 2].map(() => ({
        s: rng.vector(2, { dist: 'uniform', min: -2, max: 3, round: 1 }),
        V: rng.matrix(2, 2, { dist: 'uniform', min: -1, max: 1, round: 1 }),
      }));
      const st = tiles.map((t) => tileStats(attn, t.s, t.V));
      const direct = Array.from(attn.matmul(attn.softmax(tensorOf(tiles.flatMap((t) => t.s))), tensorOf(tiles.flatMap((t) => t.V))).data);
      return Object.assign({ direct }, ...st.map((t, k) => ({ [`m${k + 1}`]: t.m, [`l${k + 1}`]: t.l, [`o${k + 1}`]: t.o })));
    },
    reference: (attn, x) => mergeTiles(attn, [1, 2, 3].map((k) => ({ m: x[`m${k}`], l: x[`l${k}`], o: x[`o${k}`] }))),
    answer: { placeholder: text('例: [0.12, -0.34]', 'e.g. [0.12, -0.34]') },
    mistakes: [
      {
        id: 'average',
        label: text('3 つのタイルの出力を単純に平均しています', 'averaged the three tile outputs'),
        explain: text(R`タイル $t$ の重みは全体の分母への寄与 $e^{m_t}\ell_t$ に比例します。`, R`Tile $t$ weighs in proportion to its share of the overall denominator, $e^{m_t}\ell_t$.`),
        compute: (attn, { o1, o2, o3 }) => o1.map((a, c) => (a + o2[c] + o3[c]) / 3),
      },
      {
        id: 'no-rescale',
        label: text(R`$\ell_t$ で重みづけしましたが、$e^{m_t - m}$ での取り直しを忘れています`, R`weighted by $\ell_t$ but forgot the rescaling by $e^{m_t - m}$`),
        compute: (attn, { l1, o1, l2, o2, l3, o3 }) => o1.map((a, c) => (l1 * a + l2 * o2[c] + l3 * o3[c]) / (l1 + l2 + l3)),
      },
      {
        id: 'last-tile',
        label: text('最後のタイルの出力だけを使っています', 'kept only the last tile'),
        explain: text(R`アキュムレータは上書きではなく、取り直してから足し込みます：$o \leftarrow (e^{m - m'}\ell\,o + e^{m_t - m'}\ell_t\,o_t)/\ell'$。`, R`The accumulator is rescaled and added to, not overwritten: $o \leftarrow (e^{m - m'}\ell\,o + e^{m_t - m'}\ell_t\,o_t)/\ell'$.`),
        compute: (attn, { o3 }) => o3,
      },
    ],
    hints: [
      text(R`共通の最大値 $m = \max(m_1, m_2, m_3)$ をとり、$a_t = e^{m_t - m}\ell_t$ とします。`, R`Take the common maximum $m = \max(m_1, m_2, m_3)$ and set $a_t = e^{m_t - m}\ell_t$.`),
      text(R`$o = (a_1 o_1 + a_2 o_2 + a_3 o_3) / (a_1 + a_2 + a_3)$。1 つずつ順にまとめても同じ結果になります。`, R`$o = (a_1 o_1 + a_2 o_2 + a_3 o_3) / (a_1 + a_2 + a_3)$; merging one tile at a time gives the same.`),
    ],
    explanation: text(
      R`$o \approx {{answer|3}}$。6 つのスコアに直接ソフトマックスをとった値 {{direct|3}} と（表示の丸めの範囲で）一致します。FlashAttention はタイルが来るたびに $m$、$\ell$、$o$ をこうして更新するので、$N \times N$ の重み行列を作らずに正確な出力が得られます。`,
      R`$o \approx {{answer|3}}$, which matches — up to the rounding of the shown numbers — the direct softmax over all six scores, {{direct|3}}. FlashAttention updates $m$, $\ell$ and $o$ like this as each tile arrives, so it gets the exact output without ever forming the $N \times N$ weight matrix.`),
  },
  {
    id: 'strided-attention-cost',
    kind: 'number',
    topic: 'efficient-attention',
    title: text('ストライド・アテンションの計算量', 'The cost of strided attention'),
    prompt: text(
      R`Sparse Transformer のストライド付きマスク（因果的）では、クエリ $i$ はキー $j \le i$ のうち $i - j < s$（直前の $s$ 個）または $(i - j)$ が $s$ の倍数のものだけを見ます。$N = {{N}}$、$s = {{s}}$ のとき、許される（クエリ, キー）の組はいくつありますか？（ふつうの因果的アテンションなら $N(N+1)/2 = {{full}}$ 組です。）`,
      R`In the Sparse Transformer's strided (causal) mask, query $i$ sees the keys $j \le i$ with $i - j < s$ (the last $s$) or $i - j$ a multiple of $s$. For $N = {{N}}$ and $s = {{s}}$, how many (query, key) pairs are allowed? (Plain causal attention has $N(N+1)/2 = {{full}}$.)`),
    inputs: (rng, { variant }) => {
      const [N, s] = variant === 0 ? [64, 8] : [rng.pick([32, 48, 100]), rng.int(3, 10)];
      return { N, s, full: (N * (N + 1)) / 2 };
    },
    tolerance: { abs: 0.5, rel: 0 },
    // The allowed entries of the core's stridedMask(N, s).
    reference: (attn, { N, s }) => sum(Array.from(attn.stridedMask(N, s).data)),
    mistakes: [
      {
        id: 'double-counted-diagonal',
        label: text(R`$i - j = 0$（自分自身）を 2 回数えています`, R`counted $i - j = 0$ (the token itself) twice`),
        explain: text(R`距離 0 は「直前 $s$ 個」にも「$s$ の倍数」にも入りますが、キーとしては 1 つです。`, R`Distance 0 is both among the last $s$ and a multiple of $s$, but it is one key.`),
        compute: (attn, { N, s }) => sum(Array.from({ length: N }, (_, i) => Math.min(i + 1, s) + Math.floor(i / s) + 1)),
      },
      {
        id: 'n-squared-over-s',
        label: text(R`目安の $N^2/s$ をそのまま答えています`, R`gave the rough $N^2/s$`),
        explain: text(R`$N^2/s$ は増え方の目安です。ここでは正確な数を、行ごとに $\min(i+1, s) + \lfloor i/s \rfloor$ と数えます。`, R`$N^2/s$ is how the count grows. The exact count adds $\min(i+1, s) + \lfloor i/s \rfloor$ over the rows.`),
        compute: (attn, { N, s }) => (N * N) / s,
      },
    ],
    hints: [
      text(R`行 $i$（0 から数える）では、直前の $\min(i+1, s)$ 個と、さらに後ろに $s$ 飛びの $\lfloor i/s \rfloor$ 個が見えます。`, R`Row $i$ (from 0) sees the last $\min(i+1, s)$ keys plus $\lfloor i/s \rfloor$ more, $s$ apart, further back.`),
      text(R`$i = 0, \dots, {{N}} - 1$ で足し合わせます。`, R`Add over $i = 0, \dots, {{N}} - 1$.`),
    ],
    explanation: text(
      R`{{answer|0}} 組です（attnscope の \`stridedMask\` の 1 の数）。一般にはおよそ $Ns + N^2/(2s)$ で、ストライドの部分が $O(N^2/s)$、局所の部分が $O(Ns)$。$s \approx \sqrt N$ にすると合計 $O(N\sqrt N)$ になり、しかも 2 段で任意の前のトークンに届きます。`,
      R`{{answer|0}} pairs (the ones in attnscope's \`stridedMask\`). In general about $Ns + N^2/(2s)$: $O(N^2/s)$ for the strided part and $O(Ns)$ for the local one. With $s \approx \sqrt N$ the total is $O(N\sqrt N)$, and any earlier token is still two hops away.`),
  },
];
