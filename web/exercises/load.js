// Finding an exercise: built-in ones by id, authors' ones by URL
// ("./my-pack.json#my-id" or "./my-pack.js#my-id"). Packs are loaded once
// per page and validated before any exercise is shown.
import { compileJsonPack } from './engine/json-pack.js';
import { ExerciseError, validatePack } from './engine/schema.js';

export const BUILTIN_PACK = 'attnscope';
const packs = new Map(); // pack URL (or 'builtin') → Promise<{pack, exercises}>

function once(key, load) {
  if (!packs.has(key)) packs.set(key, load().catch((e) => { packs.delete(key); throw e; }));
  return packs.get(key);
}

/** The built-in pack: {pack: 'attnscope', exercises}. */
export function loadBuiltinPack() {
  return once('builtin', async () => {
    const { exercises } = await import('./pack/index.js');
    return { pack: BUILTIN_PACK, exercises: validatePack(exercises, 'the built-in pack') };
  });
}

async function loadPackUrl(url) {
  if (/\.json$/i.test(url.pathname)) {
    const res = await fetch(url);
    if (!res.ok) throw new ExerciseError(`could not load ${url.pathname} (HTTP ${res.status})`);
    let json;
    try { json = await res.json(); } catch (e) { throw new ExerciseError(`${url.pathname} is not valid JSON: ${e.message}`); }
    return compileJsonPack(json, url.pathname);
  }
  const m = await import(url.href);
  const pack = m.pack ?? m.default?.pack;
  const exercises = m.exercises ?? m.default?.exercises ?? m.default;
  if (typeof pack !== 'string' || !/^[a-z0-9][a-z0-9-]*$/.test(pack)) {
    throw new ExerciseError(`${url.pathname} must export const pack = 'a-kebab-name' (it keys the learner's progress)`);
  }
  return { pack, exercises: validatePack(exercises, url.pathname) };
}

/**
 * Resolves {id} (built-in) or {src, base} (base: the page URL) to
 * {exercise, pack, key}; key names the exercise in the learner's progress.
 */
export async function loadExercise({ id, src, base = globalThis.location?.href }) {
  let pack, exercises, wanted = id;
  if (src) {
    const url = new URL(src, base);
    wanted = decodeURIComponent(url.hash.slice(1));
    if (!wanted) throw new ExerciseError(`src="${src}" must end with #exercise-id`);
    url.hash = '';
    ({ pack, exercises } = await once(url.href, () => loadPackUrl(url)));
  } else {
    if (!wanted) throw new ExerciseError('give the exercise="id" or src="./pack.json#id" attribute');
    ({ pack, exercises } = await loadBuiltinPack());
  }
  const exercise = exercises.find((e) => e.id === wanted);
  if (!exercise) {
    const ids = exercises.map((e) => e.id).join(', ');
    throw new ExerciseError(`no exercise "${wanted}" in ${src ? src.split('#')[0] : 'the built-in pack'} (it has: ${ids})`);
  }
  return { exercise, pack, key: pack === BUILTIN_PACK ? exercise.id : `${pack}/${exercise.id}` };
}
