// Strings of the basics page (Japanese and English).
export const BASICS_MESSAGES = {
  en: {
    'doc.title': 'Vectors and matrices — attnscope',
    title: 'Vectors and matrices',
    lede: 'The few pieces of linear algebra attention is built from: arrows, their lengths and angles, the dot product, and the matrix product that does many dot products at once.',
    'vectors.section': 'Vectors and the dot product',
    'vectors.hint': 'Drag a or b. The dot product grows when the arrows point the same way and turns negative when they point apart.',
    'matmul.section': 'The matrix product',
    'matmul.hint': 'Each entry of A·B is the dot product of a row of A with a column of B. QKᵀ in attention is exactly this.',
    footer: 'Computed in this page by the attnscope WebAssembly core',
    backend: 'backend',
  },
  ja: {
    'doc.title': 'ベクトルと行列 — attnscope',
    title: 'ベクトルと行列',
    lede: 'アテンションを組み立てる線形代数のわずかな部品：矢印、その長さと角度、内積、そしてたくさんの内積を一度に計算する行列の積です。',
    'vectors.section': 'ベクトルと内積',
    'vectors.hint': 'a か b をドラッグしてください。矢印が同じ向きなら内積は大きくなり、離れた向きなら負になります。',
    'matmul.section': '行列の積',
    'matmul.hint': 'A·B の各成分は、A の行と B の列の内積です。アテンションの QKᵀ はまさにこれです。',
    footer: 'このページの中で attnscope の WebAssembly コアが計算',
    backend: 'バックエンド',
  },
};
