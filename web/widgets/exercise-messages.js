// The UI strings of <attn-exercise> (the feedback sentences are the
// engine's, in web/exercises/engine/messages.js).
import { addMessages, t } from './i18n.js';

addMessages('en', {
  'exercise.tag': 'Exercise',
  'exercise.loading': 'Loading the exercise…',
  'exercise.error': 'Cannot show this exercise: ',
  'exercise.check': 'Check',
  'exercise.checking': 'Checking…',
  'exercise.running': 'Running your code…',
  'exercise.hint': 'Hint',
  'exercise.hintCount': 'Hint ({shown}/{total})',
  'exercise.noMoreHints': 'No more hints',
  'exercise.reveal': 'Show the answer',
  'exercise.another': 'Other numbers',
  'exercise.solved': 'Solved',
  'exercise.attempts': '{n} attempts',
  'exercise.attempt': '1 attempt',
  'exercise.reset': 'Reset progress',
  'exercise.resetDone': 'Progress reset.',
  'exercise.hints': 'Hints',
  'exercise.answer': 'Answer',
  'exercise.solution': 'A solution',
  'exercise.explanation': 'Explanation',
  'exercise.yourAnswer': 'Your answer ({what})',
  'exercise.yourCode': 'Your code',
  'exercise.shape.number': 'a number',
  'exercise.shape.vector': '{n} numbers',
  'exercise.shape.matrix': '{rows} × {cols} matrix, one row per line',
  'exercise.codeHelp': 'Runs in a sandboxed worker on {cases} generated inputs, compared with attnscope. Ctrl+Enter checks.',
  'exercise.choices': 'Options',
});

addMessages('ja', {
  'exercise.tag': '練習問題',
  'exercise.loading': '問題を読み込み中…',
  'exercise.error': 'この問題を表示できません：',
  'exercise.check': '答え合わせ',
  'exercise.checking': '確認中…',
  'exercise.running': 'コードを実行中…',
  'exercise.hint': 'ヒント',
  'exercise.hintCount': 'ヒント（{shown}/{total}）',
  'exercise.noMoreHints': 'ヒントはここまで',
  'exercise.reveal': '答えを見る',
  'exercise.another': '別の数値で',
  'exercise.solved': '正解済み',
  'exercise.attempts': '{n} 回挑戦',
  'exercise.attempt': '1 回挑戦',
  'exercise.reset': '記録をリセット',
  'exercise.resetDone': '記録をリセットしました。',
  'exercise.hints': 'ヒント',
  'exercise.answer': '答え',
  'exercise.solution': '解答例',
  'exercise.explanation': '解説',
  'exercise.yourAnswer': 'あなたの答え（{what}）',
  'exercise.yourCode': 'あなたのコード',
  'exercise.shape.number': '1 つの数',
  'exercise.shape.vector': '{n} 個の数',
  'exercise.shape.matrix': '{rows} × {cols} の行列（1 行ずつ改行）',
  'exercise.codeHelp': 'コードは隔離されたワーカーの中で、生成した {cases} 個の入力について実行され、attnscope の結果と比べられます。Ctrl+Enter で答え合わせ。',
  'exercise.choices': '選択肢',
});

/** The label above the answer box: "Your answer (4 numbers)", "Your code", "Options". */
export function answerCaption(ex, prepared, lang) {
  if (ex.kind === 'code') return t('exercise.yourCode', {}, lang);
  if (ex.kind === 'choice') return t('exercise.choices', {}, lang);
  const shape = prepared.expected.shape.filter((d) => d !== 1);
  const what = shape.length === 0 ? t('exercise.shape.number', {}, lang)
    : shape.length === 1 ? t('exercise.shape.vector', { n: shape[0] }, lang)
      : t('exercise.shape.matrix', { rows: shape[0], cols: shape[1] }, lang);
  return t('exercise.yourAnswer', { what }, lang);
}
