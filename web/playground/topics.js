// The lecture topics, in the order a first-time learner meets them. The
// home page maps each to its page, widgets and exercises; the exercise
// gallery groups the built-in pack by these ids (an exercise's `topic`).
// Adding a topic is one line here.
export const TOPICS = [
  { id: 'linear-algebra', title: { ja: 'ベクトルと行列', en: 'Vectors and matrices' } },
  { id: 'language-model', title: { ja: '言語モデルと学習', en: 'Language models and training' } },
  { id: 'attention', title: { ja: 'スケール付き内積アテンション', en: 'Scaled dot-product attention' } },
  { id: 'masks', title: { ja: 'マスク：因果と双方向', en: 'Masks: causal and bidirectional' } },
  { id: 'positional-encoding', title: { ja: '正弦波位置エンコーディング', en: 'The sinusoidal positional encoding' } },
  { id: 'rope', title: { ja: 'RoPE（回転位置埋め込み）', en: 'RoPE (rotary position embedding)' } },
  { id: 'alibi', title: { ja: 'ALiBi', en: 'ALiBi' } },
  { id: 'multi-head', title: { ja: 'マルチヘッド、GQA、KV キャッシュ', en: 'Multi-head attention, GQA and the KV cache' } },
  { id: 'normalisation', title: { ja: '正規化と Pre-LN / Post-LN', en: 'Normalisation, pre-LN and post-LN' } },
  { id: 'blocks', title: { ja: 'ブロック：パラメータ数と残差接続', en: 'Blocks: parameter counts and residuals' } },
  { id: 'efficient-attention', title: { ja: '効率的なアテンション', en: 'Efficient attention' } },
  { id: 'in-context-learning', title: { ja: '文脈内学習', en: 'In-context learning' } },
  { id: 'scaling-laws', title: { ja: 'スケーリング則', en: 'Scaling laws' } },
  { id: 'sequence-models', title: { ja: '系列モデル：CNN と状態空間モデル', en: 'Sequence models: CNNs and state-space models' } },
];

/** The topic with `id`, or undefined. */
export const topicById = (id) => TOPICS.find((t) => t.id === id);
