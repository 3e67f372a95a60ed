// Strings of <attn-permutation> (Japanese and English).
import { addMessages } from './i18n.js';

addMessages('en', {
  'perm.title': 'Shuffle the tokens',
  'perm.rule': 'one attention head, O = softmax(QKᵀ/√d)·V·W_O, in the sentence’s order and shuffled',
  'perm.none': 'no positions', 'perm.sinusoidal': 'sinusoidal added', 'perm.rope': 'RoPE',
  'perm.shuffle': 'Shuffle', 'perm.reverse': 'Reverse', 'perm.reset': 'Original order',
  'perm.original': 'original', 'perm.shuffled': 'shuffled',
  'perm.token': 'token', 'perm.outOriginal': 'its output row, original order', 'perm.outShuffled': 'its output row, shuffled',
  'perm.diff': 'max |difference|',
  'perm.same': 'Largest difference {diff}: every token’s output only moved with it (up to float32 rounding). Without positions attention is permutation-equivariant: it cannot tell “the dog chased the cat” from “the cat chased the dog”.',
  'perm.changed': 'Largest difference {diff}: the outputs changed, because each token’s position now enters the computation.',
  'perm.identity': 'The order is unchanged: shuffle to compare.',
});
addMessages('ja', {
  'perm.title': 'トークンを並べ替える',
  'perm.rule': 'アテンションのヘッド 1 つ、O = softmax(QKᵀ/√d)·V·W_O を元の順と並べ替えた順で',
  'perm.none': '位置なし', 'perm.sinusoidal': '正弦波を加算', 'perm.rope': 'RoPE',
  'perm.shuffle': 'シャッフル', 'perm.reverse': '逆順', 'perm.reset': '元の順',
  'perm.original': '元の順', 'perm.shuffled': '並べ替え後',
  'perm.token': 'トークン', 'perm.outOriginal': '出力の行（元の順）', 'perm.outShuffled': '出力の行（並べ替え後）',
  'perm.diff': '差の最大値',
  'perm.same': '差の最大値 {diff}：各トークンの出力は、トークンと一緒に動いただけです（float32 の丸めの範囲で）。位置がなければアテンションは置換同変で、「犬が猫を追う」と「猫が犬を追う」を区別できません。',
  'perm.changed': '差の最大値 {diff}：出力が変わりました。各トークンの位置が計算に入るようになったからです。',
  'perm.identity': '順番が変わっていません。シャッフルして比べてください。',
});
