/**
 * A child process for the crash test: writes with the app's real store code
 * (openDatabase's pragmas, the caches, the library) until it is killed. Each
 * transaction's number is printed only after it committed, so whatever the
 * parent read was committed.
 *
 *   node --import tests/support/tsLoader/register.mjs tests/support/crashWriter.ts <dir> [steady|bigTransaction]
 */
import { AnswerCache } from '../../electron/core/cache/answerCache';
import { AudioCache } from '../../electron/core/cache/audioCache';
import { Library } from '../../electron/core/library/library';
import { openDatabase } from '../../electron/core/store/database';
import type { Token } from '../../shared/domain';

const [dir, mode = 'steady'] = process.argv.slice(2);
if (!dir) throw new Error('usage: crashWriter <dir> [steady|bigTransaction]');

const { db } = openDatabase({ dir });
const answers = new AnswerCache(db);
const library = new Library(db, answers);
const audio = new AudioCache(db, () => Number.MAX_SAFE_INTEGER);
const tokens: Token[] = [
  { word: '猫', pos: 'noun', furigana: 'ねこ' },
  { word: 'が', pos: 'particle', furigana: '' },
];

const textOf = (i: number) => `文書${i}番：${'吾輩は猫である。'.repeat(10)}`;

function commitOne(i: number): void {
  db.transaction(() => {
    const id = library.touch(textOf(i), 'typed');
    library.setTokens(id, [...tokens, { word: textOf(i).slice(2), pos: 'other', furigana: '' }], 'model');
    library.setTranslation(id, `translation number ${i}`, 'en');
    answers.put(`key-${i}`, 'translation', `translation number ${i}`);
    const parts = { provider: 'edge', voice: 'v', rate: 0, model: null, text: `audio ${i}` };
    audio.put(`audio-${i}`, parts, { audio: Buffer.alloc(48 * 1024, i % 251), mimeType: 'audio/mpeg' });
  })();
  process.stdout.write(`committed ${i}\n`); // synchronous on a pipe: the parent reads it only after the commit
}

if (mode === 'bigTransaction') {
  for (let i = 0; i < 20; i++) commitOne(i);
  // One long transaction that never commits: killed inside it, none of it may survive.
  db.transaction(() => {
    const ins = db.prepare("INSERT INTO answer_cache (key, kind, json, bytes, created_at, last_used_at) VALUES (?, 'ocr', ?, 1, 0, 0)");
    for (let i = 0; ; i++) {
      ins.run(`big-${i}`, JSON.stringify('x'.repeat(500)));
      if (i === 20_000) process.stdout.write('inside big transaction\n');
    }
  })();
} else {
  for (let i = 0; ; i++) commitOne(i);
}
