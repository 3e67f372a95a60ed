// notACheckpoint: some other file (a tokenizer, text, an image) dropped as the
// checkpoint is named in words, with what its header says; real checkpoints pass.
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { notACheckpoint } from '../../web/widgets/tiny-gpt-files.js';

const model = (name) => new Uint8Array(readFileSync(new URL(`../../web/models/${name}`, import.meta.url)));

describe('notACheckpoint', () => {
  test('the shipped checkpoints pass', () => {
    expect(notACheckpoint(model('sort.bin'))).toBeNull();
    expect(notACheckpoint(model('chars.bin'))).toBeNull();
  });

  test('a tokenizer.bin, a text file and a PNG are refused with their header values', () => {
    const tok = notACheckpoint(model('sort.tokenizer.bin'));
    expect(tok.header).toMatch(/^dim = -?\d+, hidden_dim = -?\d+, n_layers = /);
    const text = notACheckpoint(new TextEncoder().encode('Once upon a time there was a checkpoint that was not one.'));
    expect(text.header).toContain(`dim = ${new DataView(new TextEncoder().encode('Once').buffer).getInt32(0, true)}`);
    const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...new Array(40).fill(0)]);
    expect(notACheckpoint(png)).not.toBeNull();
  });

  test('a file shorter than the header says how long it is', () => {
    expect(notACheckpoint(new Uint8Array(10))).toEqual({ bytes: 10, header: 'nothing: the file has 10 bytes and a header needs 28' });
  });
});
