import { create } from 'zustand';
import type { BookParagraph } from '../../../shared/contract/books';
import type { AppErrorData } from '../../../shared/result';
import { bookTarget } from '../books/bookTarget';
import { useBooks } from './booksStore';
import { showDetail, useDetail } from './detailStore';
import { translateOnce } from './translateOnce';

export type ParagraphTranslation = { status: 'loading' } | { status: 'done'; text: string } | { status: 'error'; error: AppErrorData };

interface BookPanelState {
  /** The paragraph whose word or phrase the word panel shows, in the book view. */
  paragraph: BookParagraph | null;
  /** Translations asked for in the book view, by paragraph id. */
  translations: Record<number, ParagraphTranslation>;
  /** Opens the word panel on the word at `start` (a click) or the phrase `start..end` (a selection); false when there is none there. */
  pick(paragraph: BookParagraph, start: number, end: number): boolean;
  /** Translates a paragraph under it (again: hides it). */
  translate(paragraph: BookParagraph): Promise<void>;
  /** Leaving the book: the panel closes. */
  close(): void;
}

/** The word panel, translations and reading aloud on a book's paragraphs, in the book view itself. */
export const useBookPanel = create<BookPanelState>((set, get) => ({
  paragraph: null,
  translations: {},

  pick(paragraph, start, end) {
    // The offline analyzer's tokens (or the model's, once analysed) the view already has for the paragraph.
    const tokens = useBooks.getState().tokens[paragraph.id];
    const target = tokens ? bookTarget(paragraph.text, tokens, start, end) : null;
    if (!target) return false;
    set({ paragraph });
    showDetail(target);
    return true;
  },

  async translate(paragraph) {
    const { [paragraph.id]: shown, ...others } = get().translations;
    if (shown && shown.status !== 'loading') {
      set({ translations: others });
      return;
    }
    if (shown) return;
    set({ translations: { ...get().translations, [paragraph.id]: { status: 'loading' } } });
    const r = await translateOnce(paragraph.text);
    set({ translations: { ...get().translations, [paragraph.id]: r.ok ? { status: 'done', text: r.value.text } : { status: 'error', error: r.error } } });
  },

  close() {
    if (get().paragraph && useDetail.getState().target) useDetail.getState().close();
    set({ paragraph: null, translations: {} });
  },
}));
