"""SentencePiece reference fixtures for attn.Tokenizer (tests/js/tokenizer_sentencepiece.test.js).

Trains two small SentencePiece BPE models with Debian's python3-sentencepiece
(0.1.97) on Pride and Prejudice plus a little Japanese, converts each to a
tokenizer.json the way Hugging Face's converter (transformers'
LlamaConverter) does, exports each as a llama2.c tokenizer.bin (as llama2.c's
tokenizer.py does), and records SentencePiece's own ids, pieces and decoded
text for the test corpus. Nothing here is hand-written: the ids come from
sentencepiece.

  sp_bytes:  byte_fallback, converted in the current form (no normalizer,
             Metaspace pre-tokenizer with prepend_scheme "first").
  sp_llama2: Llama 2's trainer options (identity normalization, no whitespace
             removal, digits split, whitespace-only pieces), converted in the
             legacy form (normalizer Prepend("▁") + Replace(" ", "▁")).

Run: /usr/bin/python3 scripts/gen_fixtures_tokenizers.py
"""
import json
import os
import struct
import tempfile

import sentencepiece as spm

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "tests", "fixtures", "tokenizers")
NOVEL = os.path.join(ROOT, "web", "models", "corpus", "pride_and_prejudice.txt")

# A few lines of Japanese (written for this fixture) so that the vocabularies
# hold some Japanese pieces and fall back to bytes for the rest.
JAPANESE = """注意機構は、文の中のどの単語がどの単語を見ているかを表します。
トランスフォーマーは注意を何層も重ねて、文の意味を少しずつ組み立てます。
小さなモデルでも、前の単語を見る頭や、同じ単語の次を見る頭が育ちます。
この本の登場人物は、舞踏会で出会い、誤解し、やがて互いを理解します。
"""

MODELS = {
    "sp_bytes": dict(vocab_size=700, byte_fallback=True, normalization_rule_name="identity",
                     remove_extra_whitespaces=False, add_dummy_prefix=True, character_coverage=0.9995),
    "sp_llama2": dict(vocab_size=900, byte_fallback=True, normalization_rule_name="identity",
                      remove_extra_whitespaces=False, add_dummy_prefix=True, split_digits=True,
                      allow_whitespace_only_pieces=True, character_coverage=0.99995,
                      max_sentencepiece_length=16),
}


def extract_merges(pieces):
    """Hugging Face's SentencePieceExtractor.extract(vocab_scores): every split
    of a piece into two pieces, ordered by the piece's score (highest first,
    stable), splits of one piece by the ids of their parts."""
    vocab = {p: i for i, (p, _) in enumerate(pieces)}
    merges = []
    for piece, score in pieces:
        local = []
        for k in range(1, len(piece)):
            left, right = piece[:k], piece[k:]
            if left in vocab and right in vocab:
                local.append((left, right, score))
        local.sort(key=lambda m: (vocab[m[0]], vocab[m[1]]))
        merges.extend(local)
    merges.sort(key=lambda m: m[2], reverse=True)
    return [[m[0], m[1]] for m in merges]


def tokenizer_json(sp, legacy):
    """transformers' LlamaConverter: BPE with byte fallback and fused unk, the
    three control tokens as special added tokens, BOS by template."""
    n = sp.get_piece_size()
    pieces = [("<unk>", 0.0), ("<s>", 0.0), ("</s>", 0.0)] + [(sp.id_to_piece(i), sp.get_score(i)) for i in range(3, n)]
    vocab = {p: i for i, (p, _) in enumerate(pieces)}
    special = lambda i: {"id": i, "content": pieces[i][0], "single_word": False, "lstrip": False,
                         "rstrip": False, "normalized": False, "special": True}
    if legacy:
        normalizer = {"type": "Sequence", "normalizers": [
            {"type": "Prepend", "prepend": "\u2581"},
            {"type": "Replace", "pattern": {"String": " "}, "content": "\u2581"}]}
        pre_tokenizer = None
    else:
        normalizer = None
        pre_tokenizer = {"type": "Metaspace", "replacement": "\u2581", "prepend_scheme": "first", "split": False}
    bos = lambda type_id: {"SpecialToken": {"id": "<s>", "type_id": type_id}}
    seq = lambda name, type_id: {"Sequence": {"id": name, "type_id": type_id}}
    return {
        "version": "1.0", "truncation": None, "padding": None,
        "added_tokens": [special(0), special(1), special(2)],
        "normalizer": normalizer,
        "pre_tokenizer": pre_tokenizer,
        "post_processor": {"type": "TemplateProcessing", "single": [bos(0), seq("A", 0)],
                           "pair": [bos(0), seq("A", 0), bos(1), seq("B", 1)],
                           "special_tokens": {"<s>": {"id": "<s>", "ids": [1], "tokens": ["<s>"]}}},
        "decoder": {"type": "Sequence", "decoders": [
            {"type": "Replace", "pattern": {"String": "\u2581"}, "content": " "},
            {"type": "ByteFallback"}, {"type": "Fuse"},
            {"type": "Strip", "content": " ", "start": 1, "stop": 0}]},
        "model": {"type": "BPE", "dropout": None, "unk_token": "<unk>", "continuing_subword_prefix": None,
                  "end_of_word_suffix": None, "fuse_unk": True, "byte_fallback": True, "ignore_merges": False,
                  "vocab": vocab, "merges": extract_merges(pieces)},
    }


def tokenizer_bin(sp):
    """llama2.c's tokenizer.py export: pieces with '▁' as ' ', BOS/EOS spelt with newlines."""
    tokens, scores = [], []
    for i in range(sp.get_piece_size()):
        t = sp.id_to_piece(i)
        if i == sp.bos_id():
            t = "\n<s>\n"
        elif i == sp.eos_id():
            t = "\n</s>\n"
        tokens.append(t.replace("\u2581", " ").encode("utf-8"))
        scores.append(sp.get_score(i))
    out = struct.pack("<i", max(len(t) for t in tokens))
    for t, s in zip(tokens, scores):
        out += struct.pack("<fi", s, len(t)) + t
    return out


def main():
    with open(NOVEL, encoding="utf-8") as f:
        novel = f.read()
    with open(os.path.join(OUT, "corpus.json"), encoding="utf-8") as f:
        corpus = json.load(f)
    train_text = novel[:300000] + "\n" + JAPANESE * 3
    held_out = [novel[400000 + i * 50000: 400000 + i * 50000 + 1200] for i in range(4)]
    texts = [c["text"] for c in corpus] + held_out
    record = {"texts": texts, "models": {}}
    with tempfile.TemporaryDirectory() as tmp:
        data = os.path.join(tmp, "train.txt")
        with open(data, "w", encoding="utf-8") as f:
            f.write(train_text)
        for name, opts in MODELS.items():
            prefix = os.path.join(tmp, name)
            spm.SentencePieceTrainer.train(input=data, model_prefix=prefix, model_type="bpe",
                                           unk_id=0, bos_id=1, eos_id=2, pad_id=-1, num_threads=1,
                                           minloglevel=2, **opts)
            sp = spm.SentencePieceProcessor(model_file=prefix + ".model")
            with open(os.path.join(OUT, name + ".tokenizer.json"), "w", encoding="utf-8") as f:
                json.dump(tokenizer_json(sp, legacy=(name == "sp_llama2")), f, ensure_ascii=False, indent=None)
            with open(os.path.join(OUT, name + ".tokenizer.bin"), "wb") as f:
                f.write(tokenizer_bin(sp))
            record["models"][name] = [
                {"ids": sp.encode(t), "pieces": sp.encode(t, out_type=str), "decoded": sp.decode(sp.encode(t))}
                for t in texts]
    record["sentencepiece"] = spm.__version__
    with open(os.path.join(OUT, "sentencepiece_ids.json"), "w", encoding="utf-8") as f:
        json.dump(record, f, ensure_ascii=True)
    print("wrote", ", ".join(sorted(os.listdir(OUT))))


if __name__ == "__main__":
    main()
