// What a Hugging Face folder holds, read and checked before any weight is:
// config.json, then model.safetensors or the shards that
// model.safetensors.index.json names, every header, and the match of their
// tensors against config.json (names.js); and tokenizer.json (with
// tokenizer_config.json when given) as an attn.Tokenizer. Errors name the
// file and the field.
import { AttnscopeError } from '../errors.js';
import { fail } from '../tensor.js';
import { Tokenizer } from '../tokenizer/tokenizer.js';
import { readConfig } from './config.js';
import { readJson, readText } from './files.js';
import { matchTensors } from './names.js';
import { readSafetensorsHeader } from './safetensors.js';

const INDEX = 'model.safetensors.index.json';
const SINGLE = 'model.safetensors';

function need(sources, name, why) {
  const src = sources.get(name);
  if (!src) {
    const have = [...sources.keys()].map((n) => `'${n}'`).join(', ') || 'none';
    const pickle = sources.has('pytorch_model.bin') ? '; pytorch_model.bin (a PyTorch pickle) is not read: save the model with safetensors' : '';
    fail(`files: ${name} is missing${why} (files given: ${have})${pickle}`);
  }
  return src;
}

/** model.safetensors.index.json -> Map(shard file -> [tensor names]). */
function readIndex(index) {
  if (index === null || typeof index !== 'object' || Array.isArray(index)) fail(`${INDEX}: must be a JSON object`);
  const map = index.weight_map;
  if (map === null || typeof map !== 'object' || Array.isArray(map)) fail(`${INDEX}: weight_map must map tensor names to shard file names`);
  const shards = new Map();
  for (const [name, file] of Object.entries(map)) {
    if (typeof file !== 'string' || !file.endsWith('.safetensors') || file.includes('/')) {
      fail(`${INDEX}: weight_map['${name}'] must be the name of a .safetensors file in the folder (got ${JSON.stringify(file)})`);
    }
    if (!shards.has(file)) shards.set(file, []);
    shards.get(file).push(name);
  }
  if (shards.size === 0) fail(`${INDEX}: weight_map is empty`);
  return shards;
}

// tokenizer.json as an attn.Tokenizer whose ids the model has, or null without one.
async function readTokenizer(sources, spec) {
  const src = sources.get('tokenizer.json');
  if (!src) return null;
  const config = sources.get('tokenizer_config.json');
  let tok;
  try {
    tok = Tokenizer.fromHuggingFace(await readText(src), config ? { config: await readText(config) } : undefined);
  } catch (e) {
    if (e instanceof AttnscopeError) fail(e.message.replace(/^Tokenizer\.fromHuggingFace: /, ''));
    throw e;
  }
  if (tok.vocabSize > spec.vocabSize) {
    fail(`tokenizer.json has ids up to ${tok.vocabSize - 1} but config.json's vocab_size is ${spec.vocabSize}: they are not one model's files`);
  }
  return tok;
}

/**
 * Reads the folder's config, headers and tokenizer: { spec (config.js),
 * tensors (the matched list, names.js), tokenizer (attn.Tokenizer or null),
 * files: [names read] }.
 */
export async function readFolder(sources) {
  const spec = readConfig(await readJson(need(sources, 'config.json', '')));
  const all = [];
  let shards;
  if (sources.has(INDEX)) {
    shards = readIndex(await readJson(sources.get(INDEX)));
    for (const [file, names] of shards) {
      const { tensors } = await readSafetensorsHeader(need(sources, file, ` (${INDEX} puts '${names[0]}' in it)`));
      const listed = new Set(names);
      for (const name of names) if (!tensors.has(name)) fail(`${INDEX}: weight_map puts '${name}' in ${file}, whose header does not hold it`);
      for (const t of tensors.values()) {
        if (!listed.has(t.name)) fail(`${file}: tensor '${t.name}' is not listed for this shard in ${INDEX}'s weight_map`);
        all.push({ ...t, file });
      }
    }
  } else {
    const src = need(sources, SINGLE, ` (or ${INDEX} and its shards)`);
    for (const t of (await readSafetensorsHeader(src)).tensors.values()) all.push({ ...t, file: SINGLE });
    shards = new Map([[SINGLE, []]]);
  }
  const tensors = matchTensors(spec, spec.architecture, all, shards.keys());
  const tokenizer = await readTokenizer(sources, spec);
  const extra = tokenizer ? ['tokenizer.json', ...(sources.has('tokenizer_config.json') ? ['tokenizer_config.json'] : [])] : [];
  return { spec, tensors, tokenizer, files: ['config.json', ...(sources.has(INDEX) ? [INDEX] : []), ...shards.keys(), ...extra] };
}
