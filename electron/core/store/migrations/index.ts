import type { Migration } from './types';
import { migration0001 } from './0001_settings';
import { migration0002 } from './0002_free_model_throttle';
import { migration0003 } from './0003_audio_and_daily';
import { migration0004 } from './0004_history_review_caches';
import { migration0005 } from './0005_daily_variant_audio_text';
import { migration0006 } from './0006_short_term_search';
import { migration0007 } from './0007_model_catalog';
import { migration0008 } from './0008_books';
import { migration0009 } from './0009_card_source';
import { migration0010 } from './0010_reading_corrections';
import { migration0011 } from './0011_book_reading';
import { migration0012 } from './0012_dictionary_order';
import { migration0013 } from './0013_word_status';
import { migration0014 } from './0014_coverage_reading_stats';
import { migration0015 } from './0015_card_context';
import { migration0016 } from './0016_card_search';
import { migration0017 } from './0017_card_picture_removed';
import { migration0018 } from './0018_book_content_key';

/** Every schema version in order. Add a file per version and list it here; never edit a shipped one. */
export const MIGRATIONS: readonly Migration[] = [migration0001, migration0002, migration0003, migration0004, migration0005, migration0006, migration0007, migration0008, migration0009, migration0010, migration0011, migration0012, migration0013, migration0014, migration0015, migration0016, migration0017, migration0018];
