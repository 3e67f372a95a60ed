// Strings of <attn-rope-dial> (Japanese and English).
import { addMessages } from './i18n.js';

addMessages('en', {
  'rope.title': 'RoPE: q and k as rotating arrows',
  'rope.rule': 'score = (R(m)q)ᵀ(R(n)k) = qᵀR(n−m)k',
  'rope.m': 'query position m',
  'rope.n': 'key position n',
  'rope.together': 'Move both +{step}',
  'rope.play': 'Play',
  'rope.pause': 'Pause',
  'rope.score': 'score (R(m)q)ᵀ(R(n)k)',
  'rope.relative': 'qᵀR(n−m)k, n − m = {d}',
  'rope.normsQ': '‖q‖ → ‖R(m)q‖',
  'rope.normsK': '‖k‖ → ‖R(n)k‖',
  'rope.pair': 'pair {i} · θ={theta}',
  'rope.dials': 'One dial per pair of dims ({layout} layout, base {base}), fastest first. Blue q, orange k; dashed before rotation. Under each dial: the pair’s share of the score.',
  'rope.label': 'Rotations of {pairs} pairs',
  'rope.sameScore': 'equal to the score: it depends only on n − m',
  'rope.diffScore': 'differs from the score by {diff}',
});
addMessages('ja', {
  'rope.title': 'RoPE：回転する矢印としての q と k',
  'rope.rule': 'スコア = (R(m)q)ᵀ(R(n)k) = qᵀR(n−m)k',
  'rope.m': 'クエリの位置 m',
  'rope.n': 'キーの位置 n',
  'rope.together': '両方を +{step}',
  'rope.play': '再生',
  'rope.pause': '一時停止',
  'rope.score': 'スコア (R(m)q)ᵀ(R(n)k)',
  'rope.relative': 'qᵀR(n−m)k（n − m = {d}）',
  'rope.normsQ': '‖q‖ → ‖R(m)q‖',
  'rope.normsK': '‖k‖ → ‖R(n)k‖',
  'rope.pair': 'ペア {i} · θ={theta}',
  'rope.dials': '次元のペアごとに 1 つの文字盤（{layout} 配置、底 {base}）。速く回るペアから順に。青が q、橙が k、破線は回転前。文字盤の下の数はそのペアがスコアに寄与する分。',
  'rope.label': '{pairs} 個のペアの回転',
  'rope.sameScore': 'スコアと一致：n − m だけで決まる',
  'rope.diffScore': 'スコアとの差 {diff}',
});
