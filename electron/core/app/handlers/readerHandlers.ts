import type { readerMethods } from '../../../../shared/contract/reader';
import type { ReaderService } from '../../reader/readerService';
import type { HandlersFor } from '../../rpc/handlers';

/** The reading features: one line each, into the reader service (core/reader/readerService.ts). */
export function readerHandlers(reader: ReaderService): HandlersFor<typeof readerMethods> {
  return {
    'reader.analyze': (ctx, request) => reader.analyze(ctx, request),
    'reader.analysisCached': (_ctx, { text }) => reader.analysisCached(text),
    'reader.translate': (ctx, request) => reader.translate(ctx, request),
    'reader.wordDetail': (ctx, request) => reader.wordDetail(ctx, request),
    'reader.phraseDetail': (ctx, request) => reader.phraseDetail(ctx, request),
    'ocr.extract': (ctx, request) => reader.ocr(ctx, request),
    'chat.send': (ctx, request) => reader.chat(ctx, request),
    'tts.speak': (ctx, request) => reader.speak(ctx, request),
    'daily.get': (ctx, request) => reader.daily(ctx, request),
  };
}
