// Strings of <attn-vectors> and <attn-matmul-steps> (Japanese and English).
import { addMessages } from './i18n.js';

addMessages('en', {
  'vec.title': 'Two vectors a and b',
  'vec.rule': 'drag the arrow heads (or focus one and use the arrow keys)',
  'vec.a': 'a', 'vec.b': 'b',
  'vec.sum': 'a + b', 'vec.diff': 'a − b',
  'vec.norms': '‖a‖, ‖b‖',
  'vec.dot': 'a · b = a₁b₁ + a₂b₂',
  'vec.cos': 'cos θ = a·b / (‖a‖‖b‖)',
  'vec.angle': 'angle θ',
  'vec.law': 'law of cosines ‖a − b‖² = ‖a‖² + ‖b‖² − 2 a·b',
  'vec.handle': 'vector {name} = ({x}, {y}); arrow keys move it',
  'vec.note': 'A positive dot product means the arrows point the same way (θ < 90°); zero means at right angles; negative means opposite ways. Attention scores are such dot products of queries and keys.',
  'mm.title': 'A matrix product, entry by entry',
  'mm.rule': 'C = A·B: C[i, j] = Σ_l A[i, l]·B[l, j], row i of A with column j of B',
  'mm.pick': 'Press an entry of C (or use the arrow keys on it) to see how it is made.',
  'mm.entry': 'C[{i}, {j}] =',
});
addMessages('ja', {
  'vec.title': '2 つのベクトル a と b',
  'vec.rule': '矢印の先をドラッグ（または選んで矢印キー）',
  'vec.a': 'a', 'vec.b': 'b',
  'vec.sum': 'a + b', 'vec.diff': 'a − b',
  'vec.norms': '‖a‖, ‖b‖',
  'vec.dot': 'a · b = a₁b₁ + a₂b₂',
  'vec.cos': 'cos θ = a·b / (‖a‖‖b‖)',
  'vec.angle': '角度 θ',
  'vec.law': '余弦定理 ‖a − b‖² = ‖a‖² + ‖b‖² − 2 a·b',
  'vec.handle': 'ベクトル {name} = ({x}, {y})。矢印キーで動かせます',
  'vec.note': '内積が正なら 2 つの矢印は同じ向き（θ < 90°）、0 なら直交、負なら逆向きです。アテンションのスコアは、クエリとキーのこうした内積です。',
  'mm.title': '行列の積を成分ごとに',
  'mm.rule': 'C = A·B：C[i, j] = Σ_l A[i, l]·B[l, j]、A の i 行目と B の j 列目',
  'mm.pick': 'C の成分を押すと（または矢印キーで）、その作り方を表示します。',
  'mm.entry': 'C[{i}, {j}] =',
});
