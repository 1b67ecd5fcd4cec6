/**
 * A real HTTP fake of AnkiConnect (the Anki add-on) on 127.0.0.1: POST / with
 * `{ action, version, params }`, answered `{ result, error }` like the add-on
 * does (HTTP 200 even for errors). Enough of Anki to export into: decks, note
 * types with fields, notes with a first-field duplicate check per deck, media.
 *
 *   const anki = await startFakeAnkiConnect();
 *   anki.url       // use as ANKICONNECT_URL
 *   anki.notes / anki.media / anki.decks / anki.models / anki.templates / anki.requests
 *   anki.failAction('addNote', 'collection is not available')   // next call of that action fails
 *   anki.floodAction('deckNames')   // next call of that action gets a reply that does not stop (flood.ts)
 *   anki.addStudied({ fields: { Word: '食[た]べる' }, cards: [{ interval: 30 }] })   // a note with reviewed cards
 *   anki.goAwayOn('cardsInfo', 2)   // the 2nd call of that action drops its connection and Anki stops answering
 *   await anki.close();
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { flood, type FloodReport } from './flood';

export interface FakeNote {
  id: number;
  deckName: string;
  modelName: string;
  fields: Record<string, string>;
  tags: string[];
}

export interface FakeAnkiRequest {
  action: string;
  version: unknown;
  params: Record<string, unknown>;
}

export interface FakeAnkiConnect {
  url: string;
  decks: Set<string>;
  models: Map<string, string[]>;
  /** Card templates by note type, then by card name. */
  templates: Map<string, Record<string, { Front: string; Back: string }>>;
  notes: FakeNote[];
  media: Map<string, Buffer>;
  requests: FakeAnkiRequest[];
  /** Scheduling of the notes' cards (findCards, cardsInfo): interval in days, queue -1 when suspended. */
  cards: FakeCard[];
  /** A note with cards as Anki has them after reviews; returns the note. */
  addStudied(note: { deckName?: string; modelName?: string; fields: Record<string, string>; tags?: string[]; cards?: Array<{ interval?: number; queue?: number }> }): FakeNote;
  /** The `nth` call (1 = next) of `action` drops its connection, and Anki answers nothing after it (the add-on closed mid-import). */
  goAwayOn(action: string, nth?: number): void;
  failAction(action: string, message: string): void;
  floodAction(action: string): void;
  /** One report per flooded reply, settled once its connection ended. */
  floods: Array<Promise<FloodReport>>;
  close(): Promise<void>;
}

export interface FakeCard {
  id: number;
  note: number;
  interval: number;
  queue: number;
}

type Params = Record<string, unknown>;

/** A few of Anki's search terms (deck:, note:, tag:, field:value, *), joined by AND as spaces do. */
function matches(note: FakeNote, query: string): boolean {
  const terms = query.match(/(?:[^\s"]+|"[^"]*")+/g) ?? [];
  return terms.every((raw) => {
    const term = raw.replace(/"/g, '');
    if (term === '*') return true;
    const [name, value = ''] = term.includes(':') ? [term.slice(0, term.indexOf(':')), term.slice(term.indexOf(':') + 1)] : ['', term];
    const like = (s: string) => new RegExp(`^${value.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`, 'i').test(s);
    if (name === 'deck') return like(note.deckName) || note.deckName.toLowerCase().startsWith(`${value.toLowerCase()}::`);
    if (name === 'note') return like(note.modelName);
    if (name === 'tag') return note.tags.some(like);
    if (name !== '' && name in note.fields) return like(note.fields[name]!);
    return Object.values(note.fields).some((f) => f.includes(value));
  });
}

export async function startFakeAnkiConnect(): Promise<FakeAnkiConnect> {
  const decks = new Set(['Default']);
  const models = new Map<string, string[]>([['Basic', ['Front', 'Back']]]);
  const templates = new Map<string, Record<string, { Front: string; Back: string }>>([['Basic', { 'Card 1': { Front: '{{Front}}', Back: '{{FrontSide}}<hr id=answer>{{Back}}' } }]]);
  const notes: FakeNote[] = [];
  const media = new Map<string, Buffer>();
  const requests: FakeAnkiRequest[] = [];
  const failures = new Map<string, string>();
  const flooded = new Set<string>();
  const floods: Array<Promise<FloodReport>> = [];
  let nextId = 1_700_000_000_000;
  const cards: FakeCard[] = [];
  const goAway = new Map<string, number>();
  let gone = false;

  const actions: Record<string, (p: Params) => unknown> = {
    version: () => 6,
    deckNames: () => [...decks],
    createDeck: (p) => {
      decks.add(String(p.deck));
      return nextId++;
    },
    modelNames: () => [...models.keys()],
    modelFieldNames: (p) => {
      const fields = models.get(String(p.modelName));
      if (!fields) throw new Error(`model was not found: ${String(p.modelName)}`);
      return fields;
    },
    createModel: (p) => {
      const name = String(p.modelName);
      if (models.has(name)) throw new Error('Model name already exists');
      const fields = p.inOrderFields as string[];
      if (!Array.isArray(fields) || !Array.isArray(p.cardTemplates) || p.cardTemplates.length === 0) throw new Error('invalid model');
      models.set(name, fields);
      const cards = p.cardTemplates as Array<{ Name?: string; Front: string; Back: string }>;
      templates.set(name, Object.fromEntries(cards.map((t, i) => [t.Name ?? `Card ${i + 1}`, { Front: t.Front, Back: t.Back }])));
      return { id: nextId++, name };
    },
    // As the add-on: a new field goes at `index` (else last); a name taken is an error.
    modelFieldAdd: (p) => {
      const fields = models.get(String(p.modelName));
      if (!fields) throw new Error(`model was not found: ${String(p.modelName)}`);
      const name = String(p.fieldName);
      if (fields.includes(name)) throw new Error(`field already exists: ${name}`);
      const index = typeof p.index === 'number' ? Math.min(p.index, fields.length) : fields.length;
      fields.splice(index, 0, name);
      return null;
    },
    modelTemplates: (p) => {
      const t = templates.get(String(p.modelName));
      if (!t) throw new Error(`model was not found: ${String(p.modelName)}`);
      return t;
    },
    updateModelTemplates: (p) => {
      const model = p.model as { name: string; templates: Record<string, { Front?: string; Back?: string }> };
      const t = templates.get(model.name);
      if (!t) throw new Error(`model was not found: ${model.name}`);
      for (const [card, change] of Object.entries(model.templates)) {
        if (!t[card]) throw new Error(`template was not found: ${card}`);
        t[card] = { Front: change.Front ?? t[card].Front, Back: change.Back ?? t[card].Back };
      }
      return null;
    },
    addNote: (p) => {
      const note = p.note as { deckName: string; modelName: string; fields: Record<string, string>; tags?: string[]; options?: { allowDuplicate?: boolean }; audio?: Array<{ data: string; filename: string; fields: string[] }> };
      if (!decks.has(note.deckName)) throw new Error(`deck was not found: ${note.deckName}`);
      const fields = models.get(note.modelName);
      if (!fields) throw new Error(`model was not found: ${note.modelName}`);
      for (const k of Object.keys(note.fields)) if (!fields.includes(k)) throw new Error(`field ${k} does not exist`);
      const first = note.fields[fields[0]!] ?? '';
      if (first.trim() === '') throw new Error('cannot create note because it is empty');
      if (!note.options?.allowDuplicate && notes.some((n) => n.deckName === note.deckName && n.modelName === note.modelName && n.fields[fields[0]!] === first)) {
        throw new Error('cannot create note because it is a duplicate');
      }
      const stored = { ...note.fields };
      for (const a of note.audio ?? []) {
        media.set(a.filename, Buffer.from(a.data, 'base64'));
        for (const f of a.fields) stored[f] = `${stored[f] ?? ''}[sound:${a.filename}]`;
      }
      const id = nextId++;
      notes.push({ id, deckName: note.deckName, modelName: note.modelName, fields: stored, tags: note.tags ?? [] });
      return id;
    },
  };

  // Reading the collection's scheduling (the word import): separate from the export's actions above.
  const studyActions: Record<string, (p: Params) => unknown> = {
    findCards: (p) => {
      const found = new Set(notes.filter((n) => matches(n, String(p.query ?? ''))).map((n) => n.id));
      return cards.filter((c) => found.has(c.note)).map((c) => c.id);
    },
    findNotes: (p) => notes.filter((n) => matches(n, String(p.query ?? ''))).map((n) => n.id),
    cardsInfo: (p) => {
      const cardById = new Map(cards.map((c) => [c.id, c]));
      const noteById = new Map(notes.map((n) => [n.id, n]));
      return (p.cards as number[]).map((id) => {
        const card = cardById.get(id);
        const note = card && noteById.get(card.note);
        if (!card || !note) return {};
        const names = models.get(note.modelName) ?? Object.keys(note.fields);
        return {
          cardId: card.id,
          note: note.id,
          deckName: note.deckName,
          modelName: note.modelName,
          fields: Object.fromEntries(names.map((f, order) => [f, { value: note.fields[f] ?? '', order }])),
          interval: card.interval,
          queue: card.queue,
          type: card.interval > 0 ? 2 : 0,
        };
      });
    },
    notesInfo: (p) =>
      (p.notes as number[]).map((id) => {
        const note = notes.find((n) => n.id === id);
        if (!note) return {};
        const names = models.get(note.modelName) ?? Object.keys(note.fields);
        return {
          noteId: note.id,
          modelName: note.modelName,
          tags: note.tags,
          fields: Object.fromEntries(names.map((f, order) => [f, { value: note.fields[f] ?? '', order }])),
          cards: cards.filter((c) => c.note === id).map((c) => c.id),
        };
      }),
  };
  Object.assign(actions, studyActions);

  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (d: Buffer) => (body += d.toString('utf8')));
    req.on('end', () => {
      const answer = (result: unknown, error: string | null) => {
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify({ result, error }));
      };
      let request: FakeAnkiRequest;
      try {
        const parsed = JSON.parse(body) as { action?: unknown; version?: unknown; params?: unknown };
        request = { action: String(parsed.action), version: parsed.version, params: (parsed.params as Params | undefined) ?? {} };
      } catch {
        return answer(null, 'request is not JSON');
      }
      requests.push(request);
      const left = goAway.get(request.action);
      if (gone || left === 1) {
        gone = true;
        req.socket.destroy();
        return;
      }
      if (left !== undefined) goAway.set(request.action, left - 1);
      if (flooded.delete(request.action)) {
        floods.push(flood(res, { prefix: '{"result":["' }));
        return;
      }
      if (request.version !== 6) return answer(null, `unsupported version ${String(request.version)}`);
      const failure = failures.get(request.action);
      if (failure) {
        failures.delete(request.action);
        return answer(null, failure);
      }
      const handler = actions[request.action];
      if (!handler) return answer(null, 'unsupported action');
      try {
        answer(handler(request.params), null);
      } catch (e) {
        answer(null, e instanceof Error ? e.message : String(e));
      }
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    decks,
    models,
    templates,
    notes,
    media,
    requests,
    cards,
    addStudied: (n) => {
      const modelName = n.modelName ?? 'Basic';
      if (!models.has(modelName)) models.set(modelName, Object.keys(n.fields));
      const note: FakeNote = { id: nextId++, deckName: n.deckName ?? 'Default', modelName, fields: { ...n.fields }, tags: n.tags ?? [] };
      decks.add(note.deckName);
      notes.push(note);
      for (const c of n.cards ?? [{}]) cards.push({ id: nextId++, note: note.id, interval: c.interval ?? 0, queue: c.queue ?? (c.interval ? 2 : 0) });
      return note;
    },
    goAwayOn: (action, nth = 1) => goAway.set(action, nth),
    failAction: (action, message) => failures.set(action, message),
    floodAction: (action) => flooded.add(action),
    floods,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
