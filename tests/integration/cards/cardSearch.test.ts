/**
 * Card browser search through its trigram index (migration 'card browser search index') on a
 * real SQLite file: every text searched, terms ANDed, 1–2 character terms through the index or,
 * when they begin too many trigrams, LIKE; the index follows edits and deletions; cards made
 * before the migration are found.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../electron/core/store/database';
import { migrate } from '../../../electron/core/store/migrator';
import { MIGRATIONS } from '../../../electron/core/store/migrations';
import { MAX_CARD_SHORT_TERM_TRIGRAMS, ReviewService, type StarInput } from '../../../electron/core/review/reviewService';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});
const tempDir = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'yomimono-card-search-'));
  dirs.push(d);
  return d;
};

const word = (w: string, reading: string, meaning: string, sentence: string, extra: Partial<StarInput> = {}): StarInput => ({
  kind: 'word', word: w, reading, meaning, sentence, translation: '', ...extra,
});
const words = (r: { cards: { word: string }[] }) => r.cards.map((c) => c.word).sort();

describe('card search', () => {
  it('finds cards by any text, ANDs terms, short terms included, and follows edits and deletions', () => {
    const { db } = openDatabase({ dir: tempDir() });
    const review = new ReviewService(db);
    const cat = review.star(word('猫', 'ねこ', 'cat', '猫が好きです。', { notes: 'from the park', surface: '猫ちゃん' }));
    review.star(word('泣く', 'なく', 'to cry', '子供が泣いていた。', { surface: '泣いて' }));
    review.star({ kind: 'sentence', word: '', reading: '', meaning: '', sentence: '空が青い。', translation: 'The sky is Blue.' });

    expect(words(review.browse({ query: '猫' }))).toEqual(['猫']); // one character
    expect(words(review.browse({ query: 'なく' }))).toEqual(['泣く']); // two, in the reading
    expect(words(review.browse({ query: '泣いて' }))).toEqual(['泣く']); // the form starred
    expect(review.browse({ query: 'blue' }).cards.map((c) => c.sentence)).toEqual(['空が青い。']); // case folded
    expect(words(review.browse({ query: 'park' }))).toEqual(['猫']); // notes
    expect(words(review.browse({ query: '好き cat' }))).toEqual(['猫']); // every term
    expect(review.browse({ query: '好き dog' }).total).toBe(0);
    expect(review.browse({ query: '"' }).total).toBe(0); // no FTS syntax from the learner
    expect(review.browse({ query: 'OR' }).total).toBe(0);

    review.edit(cat.id, { meaning: 'a kitten', notes: '' });
    expect(review.browse({ query: 'park' }).total).toBe(0);
    expect(words(review.browse({ query: 'kitten' }))).toEqual(['猫']);
    review.unstar(cat.id);
    expect(review.browse({ query: 'kitten' }).total).toBe(0);
    expect(review.browse({ query: '猫' }).total).toBe(0);
    db.close();
  });

  it('pages a common term in the order asked, the count of all that match beside it', () => {
    const { db } = openDatabase({ dir: tempDir() });
    const review = new ReviewService(db);
    // 2,100 matches: more than the index drives, so the order's index is walked.
    db.transaction(() => {
      for (let i = 0; i < 2_100; i++) review.star(word(`単語${i}`, 'たんご', 'a word', 'これは単語です。'));
    })();
    const common = review.browse({ query: '単語', sort: 'word', desc: false, limit: 3, offset: 1 });
    expect(common.total).toBe(2_100);
    expect(common.cards.map((c) => c.word)).toEqual(['単語1', '単語10', '単語100']);
    // Fewer matches: the index drives and they are sorted.
    const few = review.browse({ query: '単語20', sort: 'created', desc: true, limit: 2 });
    expect(few.total).toBe(1 + 10 + 100); // 単語20, 単語200–209, 単語2000–2099
    expect(few.cards.map((c) => c.word)).toEqual(['単語2099', '単語2098']);
    expect(review.browse({ query: '単語20', sort: 'word', desc: true, limit: 1 }).cards[0]!.word).toBe('単語2099');
    db.close();
  });

  it('a short term beginning too many trigrams is found by LIKE, with the same answer', () => {
    const { db } = openDatabase({ dir: tempDir() });
    const review = new ReviewService(db);
    // "x" followed by more distinct characters than the cap: its trigrams are too many to OR.
    const n = MAX_CARD_SHORT_TERM_TRIGRAMS + 10;
    db.transaction(() => {
      for (let i = 0; i < n; i++) review.star(word(`語${i}`, 'ご', `x${String.fromCodePoint(0x4e00 + i)}z`, '文。'));
    })();
    review.star(word('犬', 'いぬ', 'dog', '犬だ。'));
    expect(review.browse({ query: 'x' }).total).toBe(n);
    expect(review.browse({ query: 'x dog' }).total).toBe(0);
    expect(review.browse({ query: 'x', limit: 2, sort: 'created', desc: false }).cards.map((c) => c.word)).toEqual(['語0', '語1']);
    db.close();
  });

  it('cards made before the index are found once the database is migrated', () => {
    const dir = tempDir();
    const file = path.join(dir, 'old.db');
    const old = new Database(file);
    const before = MIGRATIONS.findIndex((m) => m.name === 'card browser search index');
    migrate(old, MIGRATIONS.slice(0, before));
    old
      .prepare(
        `INSERT INTO review_cards (kind, identity, word, reading, meaning, sentence, translation, due, stability, difficulty, elapsed_days, scheduled_days,
           learning_steps, reps, lapses, state, created_at) VALUES ('word', 'x', '猫', 'ねこ', 'cat', '猫だ。', '', 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)`,
      )
      .run();
    migrate(old, MIGRATIONS);
    const review = new ReviewService(old);
    expect(words(review.browse({ query: '猫' }))).toEqual(['猫']);
    expect(words(review.browse({ query: 'cat' }))).toEqual(['猫']);
    old.close();
  });
});
