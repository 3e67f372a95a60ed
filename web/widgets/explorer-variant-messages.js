// Explanations of <attn-block-explorer>'s stages for its attention and block
// variants (cosine attention, ALiBi and windows, nGPT), Japanese and English.
import { addMessages } from './i18n.js';

addMessages('en', {
  'stage.scaledScores.explain.cosine': 'Cosine attention L2-normalises every query and key, so each score is the cosine of an angle, between −1 and 1; dividing by the temperature τ sets how sharp the softmax can get (no 1/√D).',
  'stage.maskedScores.explain.bias': 'ALiBi subtracts m_h·|i − j| from each score, more for distant keys and with a different slope m_h per head; a window w sets the scores of keys with |i − j| ≥ w to −∞ (hatched). The causal mask, if on, also hides later keys.',
  'stage.residual1.explain.ngpt': 'nGPT keeps every vector on the unit sphere: the attention output is normalised, the step from x towards it is scaled by α_A, and the result is normalised again. There are no LayerNorms.',
  'stage.output.explain.ngpt': 'The feed-forward step works like the attention step: normalise f, move h towards it by α_F, normalise. Every output row has length 1.',
});
addMessages('ja', {
  'stage.scaledScores.explain.cosine': 'コサイン・アテンションはクエリとキーをそれぞれ L2 正規化するので、各スコアは角度のコサインで −1 から 1 の間です。温度 τ で割ってソフトマックスの鋭さを決めます（1/√D はありません）。',
  'stage.maskedScores.explain.bias': 'ALiBi は各スコアから m_h·|i − j| を引きます。遠いキーほど大きく、傾き m_h はヘッドごとに異なります。ウィンドウ w は |i − j| ≥ w のキーのスコアを −∞（斜線）にします。因果マスクがあれば後ろのキーも隠します。',
  'stage.residual1.explain.ngpt': 'nGPT はすべてのベクトルを単位球面上に保ちます。アテンションの出力を正規化し、x からそちらへの一歩を α_A 倍して進み、結果をまた正規化します。LayerNorm はありません。',
  'stage.output.explain.ngpt': 'フィードフォワードもアテンションと同じです。f を正規化し、h をそちらへ α_F だけ動かし、正規化します。出力の各行の長さは 1 です。',
});
