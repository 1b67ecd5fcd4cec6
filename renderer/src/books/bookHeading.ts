/**
 * The book view's title line: "book · chapter", or the book's title alone when
 * the chapter adds nothing (a one-chapter text, or a chapter titled like the
 * book), so the title is not repeated and cut off.
 */
export function bookHeading(bookTitle: string, chapterTitle: string | undefined, chapterCount: number): string {
  const chapter = chapterTitle?.trim() ?? '';
  if (!chapter || chapterCount <= 1 || chapter === bookTitle.trim()) return bookTitle;
  return `${bookTitle} · ${chapter}`;
}
