/** The book view's title line. */
import { describe, expect, it } from 'vitest';
import { bookHeading } from '../../../../renderer/src/books/bookHeading';

describe('bookHeading', () => {
  it('names the book and the chapter of a book with chapters', () => {
    expect(bookHeading('坊っちゃん', '二', 11)).toBe('坊っちゃん · 二');
  });

  it('names the book once when the chapter is titled like it', () => {
    expect(bookHeading('吾輩は猫である', '吾輩は猫である', 3)).toBe('吾輩は猫である');
    expect(bookHeading('吾輩は猫である', ' 吾輩は猫である ', 3)).toBe('吾輩は猫である');
  });

  it('names the book once when it has one chapter, whatever that chapter is called', () => {
    expect(bookHeading('neko', '本文', 1)).toBe('neko');
  });

  it('names the book alone while the chapter has not come', () => {
    expect(bookHeading('坊っちゃん', undefined, 11)).toBe('坊っちゃん');
    expect(bookHeading('坊っちゃん', '', 11)).toBe('坊っちゃん');
  });
});
