// What a Hugging Face folder holds, read and checked before any weight is:
// config.json, then model.safetensors or the shards that
// model.safetensors.index.json names, every header, and the match of their
// tensors against config.json (names.js). Errors name the file and the field.
import { fail } from '../tensor.js';
import { readConfig } from './config.js';
import { readJson } from './files.js';
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

/**
 * Reads the folder's config and headers: { spec (config.js), tensors (the
 * matched list, names.js), files: [names read] }.
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
  return { spec, tensors, files: ['config.json', ...(sources.has(INDEX) ? [INDEX] : []), ...shards.keys()] };
}
