import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { makeTempDir } from '../tempDir';
import { makePng } from './png';

export const BOTCHAN_TXT = path.resolve(import.meta.dirname, '../../fixtures/books/botchan.txt');

/**
 * The Aozora fixture as pandoc Markdown, converted with plain regexes (not the
 * importer's code): chapter headings, ruby as <ruby> HTML, and an illustration.
 */
function toMarkdown(aozora: string): string {
  const body = aozora
    .split(/\r?\n/)
    .slice(aozora.split(/\r?\n/).findLastIndex((l) => /^-{10,}/.test(l)) + 1)
    .filter((l) => !l.startsWith('底本：') && !/^[\u3000 ]+\d{4}/.test(l) && !/^(入力|校正)：/.test(l));
  const out: string[] = [];
  for (const line of body) {
    const heading = /［＃「(.+?)」は中見出し］/.exec(line);
    if (heading) {
      out.push(`# ${heading[1]}`, '');
      if (heading[1] === '一') out.push('![挿絵](illust.png)', '');
      continue;
    }
    const text = line
      .replace(/［＃[^］]*］/g, '')
      .replace(/｜([^《]+)《([^》]+)》/g, '<ruby>$1<rt>$2</rt></ruby>')
      .replace(/([\u4e00-\u9fff々]+)《([^》]+)》/g, '<ruby>$1<rt>$2</rt></ruby>');
    if (text.trim()) out.push(text, '');
  }
  return out.join('\n');
}

/**
 * EPUB 3 (nav) and EPUB 2 (NCX) made by pandoc from the Aozora fixture, with a
 * cover and an illustration. Fails loudly without pandoc: these fixtures stand
 * for real-world packaging and must not be skipped.
 */
export function pandocEpubs(): { epub3: Uint8Array; epub2: Uint8Array } {
  const tmp = makeTempDir('yomimono-pandoc-');
  try {
    fs.writeFileSync(path.join(tmp.dir, 'book.md'), toMarkdown(fs.readFileSync(BOTCHAN_TXT, 'utf8')));
    // A dusk sky over a sea for the illustration, a deep red cover with a pale band.
    fs.writeFileSync(path.join(tmp.dir, 'illust.png'), makePng(240, 160, (_x, y) => (y < 100 ? [250 - y, 170 - y, 120 + y] : [40, 80 + (y % 7), 140])));
    fs.writeFileSync(path.join(tmp.dir, 'cover.png'), makePng(120, 170, (x, y) => (y > 40 && y < 70 ? [240, 230, 210] : [150 - (x >> 2), 30, 45 + (y >> 3)])));
    const run = (to: 'epub3' | 'epub2') => {
      const out = path.join(tmp.dir, `${to}.epub`);
      try {
        execFileSync(
          'pandoc',
          ['-f', 'markdown', '-t', to, '-M', 'title=坊っちゃん', '-M', 'author=夏目漱石', '-M', 'lang=ja', '--epub-cover-image=cover.png', '-o', out, 'book.md'],
          { cwd: tmp.dir, stdio: 'pipe' },
        );
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === 'ENOENT') {
          throw new Error('pandoc is not installed: the EPUB fixtures made by a real tool need it (apt-get install pandoc; .ci/run installs it).', { cause: e });
        }
        throw e;
      }
      return new Uint8Array(fs.readFileSync(out));
    };
    return { epub3: run('epub3'), epub2: run('epub2') };
  } finally {
    tmp.cleanup();
  }
}
