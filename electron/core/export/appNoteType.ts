/**
 * The app's own Anki note type, made on the first export and upgraded when fields are added.
 * Its fields are named like common Japanese mining note types (Lapis and its kin), so that
 * templates people share work with it.
 */
import { NOTE_FIELDS, type NoteField } from '../../../shared/contract/cards';
import { AppError } from '../../../shared/result';
import type { AnkiConnect } from './ankiConnect';

export const APP_NOTE_TYPE = 'Yomimono Japanese';

export { NOTE_FIELDS, type NoteField };

const CSS = `.card { font-family: 'Noto Sans CJK JP', 'Hiragino Sans', sans-serif; font-size: 22px; text-align: center; }
.jp { font-size: 34px; } .small { font-size: 17px; color: #666; } b { color: #c0392b; }
.pitch span { padding: 0 1px; } .pitch-h { border-top: 2px solid #c0392b; } .pitch-drop { border-right: 2px solid #c0392b; }`;

/** How a field shows on the back, for fields added to an older note type. */
const BACK_LINE = (f: NoteField) => `{{#${f}}}<div class="small field-${f}">{{${f}}}</div>{{/${f}}}`;

const TEMPLATE = {
  Name: 'Recognition',
  Front: '<div class="jp">{{Expression}}</div>\n<div class="small">{{Sentence}}</div>',
  Back: `<div class="jp">{{furigana:ExpressionFurigana}}</div>
<div>{{PitchGraph}}</div>
<div>{{MainDefinition}}</div>
{{#PartOfSpeech}}<div class="small">{{PartOfSpeech}}</div>{{/PartOfSpeech}}
<hr id="answer">
<div>{{furigana:SentenceFurigana}}</div>
<div class="small">{{SentenceTranslation}}</div>
{{ExpressionAudio}} {{SentenceAudio}}
{{#Picture}}<div>{{Picture}}</div>{{/Picture}}
${(['Explanation', 'Notes', 'Frequency', 'JLPT', 'Source'] as const).map(BACK_LINE).join('\n')}`,
};

export interface NoteTypeReady {
  fields: string[];
  created: boolean;
  /** Fields added to a note type made by an older version. */
  upgraded: string[];
}

/** Makes the note type, or adds the fields it lacks (each shown on the back of its cards). */
export async function ensureAppNoteType(anki: AnkiConnect): Promise<NoteTypeReady> {
  const models = await anki.invoke<string[]>('modelNames');
  if (!models.includes(APP_NOTE_TYPE)) {
    await anki.invoke('createModel', { modelName: APP_NOTE_TYPE, inOrderFields: [...NOTE_FIELDS], css: CSS, isCloze: false, cardTemplates: [TEMPLATE] });
    return { fields: [...NOTE_FIELDS], created: true, upgraded: [] };
  }
  const fields = [...(await anki.invoke<string[]>('modelFieldNames', { modelName: APP_NOTE_TYPE }))];
  if (fields[0] !== 'Expression') {
    throw new AppError({ code: 'bad_request', message: `The Anki note type "${APP_NOTE_TYPE}" does not start with the field Expression. Rename it in Anki and export again.`, status: 409 });
  }
  const missing = NOTE_FIELDS.filter((f) => !fields.includes(f));
  for (const field of missing) {
    await anki.invoke('modelFieldAdd', { modelName: APP_NOTE_TYPE, fieldName: field, index: fields.length });
    fields.push(field);
  }
  if (missing.length) {
    // The learner may have edited the templates: only the new fields' lines are appended to each back.
    const templates = await anki.invoke<Record<string, { Front: string; Back: string }>>('modelTemplates', { modelName: APP_NOTE_TYPE });
    const changed: Record<string, { Front: string; Back: string }> = {};
    for (const [name, t] of Object.entries(templates ?? {})) {
      const lines = missing.filter((f) => !t.Back.includes(`{{${f}}}`)).map(BACK_LINE);
      if (lines.length) changed[name] = { Front: t.Front, Back: [t.Back, ...lines].join('\n') };
    }
    if (Object.keys(changed).length) await anki.invoke('updateModelTemplates', { model: { name: APP_NOTE_TYPE, templates: changed } });
  }
  return { fields, created: false, upgraded: missing };
}
