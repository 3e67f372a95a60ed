// Strings of the efficiency page (Japanese and English).
export const EFFICIENCY_MESSAGES = {
  en: {
    'doc.title': 'Efficiency — attnscope',
    title: 'Efficiency',
    lede: 'What attention costs in memory and time, and how FlashAttention and the KV cache change it. Every number below is computed in this page.',
    'flash.section': 'FlashAttention',
    'flash.hint': 'Step through the key tiles: each query row keeps a running max, a running sum and a rescaled accumulator, and ends exactly at softmax attention. Below: the memory traffic that saves.',
    'kv.section': 'The KV cache',
    'kv.hint': 'Generating token by token, a model keeps every earlier token’s keys and values. Grouped-query (GQA) and multi-query (MQA) attention share them between heads and shrink the cache.',
    'cost.section': 'Sequence models compared',
    'cost.hint': 'Why Transformers replaced RNNs: more arithmetic, but no waiting and a direct path between any two tokens.',
    footer: 'Computed in this page by the attnscope WebAssembly core',
    backend: 'backend',
  },
  ja: {
    'doc.title': '効率 — attnscope',
    title: '効率',
    lede: 'アテンションがメモリと時間をどれだけ使うのか、FlashAttention と KV キャッシュがそれをどう変えるのか。下の数はすべてこのページの中で計算しています。',
    'flash.section': 'FlashAttention',
    'flash.hint': 'キーのタイルを 1 つずつ進めます。各クエリ行は最大値・和・縮小しながら足す累積だけを持ち、最後に softmax アテンションと一致します。下は、それで節約できるメモリの移動量です。',
    'kv.section': 'KV キャッシュ',
    'kv.hint': '1 トークンずつ生成するとき、モデルはそれまでの全トークンのキーとバリューを保持します。GQA と MQA はそれをヘッド間で共有し、キャッシュを小さくします。',
    'cost.section': '系列モデルの比較',
    'cost.hint': 'なぜ Transformer が RNN に取って代わったのか：計算量は増えても、待ち時間がなく、どの 2 つのトークンも直接つながります。',
    footer: 'このページの中で attnscope の WebAssembly コアが計算',
    backend: 'バックエンド',
  },
};
