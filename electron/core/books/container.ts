import { bookError } from './bookError';
import { findAll, parseXml } from './xmlTree';
import type { ZipReader } from '../archive';

/** Font obfuscation (IDPF and Adobe): the text stays readable, only embedded fonts are scrambled. */
const OBFUSCATION = new Set(['http://www.idpf.org/2008/embedding', 'http://ns.adobe.com/pdf/enc#RC']);

/** The package document's path, from `META-INF/container.xml`. */
export async function packagePath(zip: ZipReader): Promise<string> {
  const xml = await zip.readText('META-INF/container.xml');
  if (xml === undefined) throw bookError('not_a_book', 'The archive is not an EPUB (no META-INF/container.xml).');
  const rootfile = findAll(parseXml(xml), 'rootfile').find((r) => (r.attrs['media-type'] ?? 'application/oebps-package+xml') === 'application/oebps-package+xml');
  const full = rootfile?.attrs['full-path'];
  if (!full || !zip.has(full)) throw bookError('corrupt', 'The EPUB names no package document it contains.');
  return full;
}

/**
 * Refuses a DRM-protected book: `META-INF/encryption.xml` listing any algorithm
 * other than font obfuscation means the content itself is encrypted.
 */
export async function assertNotEncrypted(zip: ZipReader): Promise<void> {
  const xml = await zip.readText('META-INF/encryption.xml');
  if (xml === undefined) return;
  const methods = findAll(parseXml(xml), 'encryptionmethod').map((m) => m.attrs.algorithm ?? '');
  if (methods.some((a) => !OBFUSCATION.has(a))) {
    throw bookError('drm', 'The book is protected by DRM (its content is encrypted) and cannot be imported.');
  }
}
