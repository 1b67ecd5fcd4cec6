/**
 * Messages of the books library and the book reader. English is the key source;
 * the other locales must have exactly these keys (checked by a unit test).
 */
import type { Widen } from '../widen';

export const booksEn = {
  books: {
    nav: 'Books',
    heading: 'Books',
    import: 'Import a book',
    importHint: 'EPUB, text (UTF-8, UTF-16, Shift_JIS, EUC-JP), Aozora Bunko, Markdown or HTML — or drop a file on the window.',
    importing: 'Importing {{name}}…',
    imported: 'Imported “{{title}}”.',
    searchLabel: 'Search books',
    searchPlaceholder: 'Title, author or text',
    sortLabel: 'Sort by',
    sort: { recent: 'Last opened', title: 'Title', author: 'Author', progress: 'Progress' },
    empty: 'No books yet: import an EPUB or a text file.',
    noResults: 'No book matches “{{query}}”.',
    progress: '{{percent}}% read',
    chars: '{{count}} characters',
    opened: 'Opened {{time}}',
    neverOpened: 'Not opened yet',
    open: 'Read',
    delete: 'Delete',
    confirmDelete: 'Delete “{{title}}” and its reading position?',
    cancel: 'Cancel',
    unknownAuthor: 'Unknown author',
    match: 'In the text: {{text}}',
    errors: {
      corrupt: 'The file is damaged or incomplete.',
      drm: 'This book is protected by DRM and cannot be opened.',
      too_large: 'The file is too large (or unpacks to too much data).',
      nesting: 'The book’s pages are nested too deeply to read.',
      not_a_book: 'This file is not a book Yomimono can read.',
      unknown_encoding: 'The text’s encoding was not recognised (UTF-8, UTF-16, Shift_JIS and EUC-JP are supported).',
      empty: 'The file contains no text.',
      generic: 'The book could not be imported: {{message}}',
    },
    reader: {
      back: 'Library',
      toc: 'Contents',
      vertical: 'Vertical',
      horizontal: 'Horizontal',
      directionLabel: 'Text direction',
      fontSmaller: 'Smaller text',
      fontLarger: 'Larger text',
      lineTighter: 'Tighter lines',
      lineLooser: 'Looser lines',
      furigana: 'Furigana from the analyzer',
      nextChapter: 'Next chapter: {{title}}',
      end: 'The end of the book.',
      progressLabel: 'Progress through the book',
      loading: 'Loading…',
      image: 'Illustration',
      analyse: 'Analyse this paragraph in the reader',
    },
  },
};

export type BooksMessages = Widen<typeof booksEn>;
