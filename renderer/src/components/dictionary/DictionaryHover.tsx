import './dictionary.css';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { createPortal, flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { DICTIONARY_LOOKUP_BATCH, type DictionaryEntry } from '../../../../shared/contract/dictionary';
import { bindingsOf, useShortcut } from '../../keyboard/shortcuts';
import { chordOf } from '../../keyboard/chordOf';
import type { SenseChoice } from '../../../../shared/contract/review';
import { PopupCardActions, pointedLink, type PopupWord } from '../cards/PopupCardActions';
import { pointedSentence } from '../cards/pointedSentence';
import { useReader } from '../../stores/readerStore';
import { useSettings } from '../../stores/settingsStore';
import { answeredEntries, lookupEntries, prefetchEntries, useDictionary } from './dictionaryStore';
import { EntryList } from './EntryList';
import { KanjiCardDialog } from './KanjiCardDialog';
import { KANJI } from './KanjiText';
import { createHoverProbe } from './hoverProbe';
import { createLookupGesture } from './lookupGesture';
import { popupPlace, type PopupSide } from './popupPlace';
import { WARM_UP_ENTRY, warmUpWhenIdle } from './popupWarmUp';
import { inBackground } from '../../scheduling/inBackground';
import { READER_TOKEN, readerFirstWord, readerWordsOnScreen } from './readerWord';
import { textAtPoint, type PointedText } from './textAtPoint';
import { textOnScreen } from './textOnScreen';
import { WordStatusControl } from '../words/WordStatusControl';
import { toHiragana } from '../../reader/kana';
import type { WordKey } from '../../../../shared/words';

const TOP = 3;
/** The entries a popup draws in the hover's frame (its best); the rest follow in the next frame, with its card buttons. */
const FIRST_DRAWN = 1;
/**
 * About the height of the card buttons, drawn with the later entries under the others (a row of small buttons and its
 * margin: 35 px measured in English and in Traditional Chinese). The e2e specs check they fit it (tests/e2e/support/hover.ts).
 */
const CARD_ACTIONS_PX = 40;
/** Headwords elsewhere in the app (the word panel's heading, a review card's word) whose kanji open their card too. */
const KANJI_CLICK_AREAS = '#detail-heading, .review-word';

/** How long the pointer rests on text (without the key) before its lookup is fetched. */
const REST_MS = 60;
/** How long the text on screen and the scroll position stay still before they are looked up. */
const SETTLE_MS = 250;
/** The longest a look-ahead waits for a screen that keeps changing. */
const SETTLE_MAX_MS = 1000;
/** The other text's characters looked up ahead at a time: a page of a book. */
const OTHER_TEXT_AHEAD = 3 * DICTIONARY_LOOKUP_BATCH;

const isPopup = (n: Node) => n instanceof Element && n.classList.contains('dict-popup');

/** How far the pointer may stray from the word and its popup (crossing the gap between them) before the popup closes. */
const NEAR_PX = 12;

const isInside = (target: EventTarget | null) => target instanceof Element && !!target.closest('.dict-popup, .kanji-card');
/** The popups on screen, outermost first (a hover inside one opens the next). */
const popupElements = () => [...document.querySelectorAll<HTMLElement>('.dict-popup')];
/** The level a lookup from this text opens at: 0 on the page, one deeper than the popup it is in. */
const levelOf = (node: Node) => {
  const el = node.parentElement?.closest<HTMLElement>('.dict-popup');
  return el ? Number(el.dataset.level ?? 0) + 1 : 0;
};
const near = (box: Pick<DOMRect, 'left' | 'top' | 'right' | 'bottom'>, x: number, y: number) =>
  x >= box.left - NEAR_PX && x <= box.right + NEAR_PX && y >= box.top - NEAR_PX && y <= box.bottom + NEAR_PX;
/** A kanji card opened from the popup keeps it open (Esc closes the card, then the popup). */
const pinned = () => !!useDictionary.getState().kanjiCard?.beside;

interface Popup {
  text: string;
  /** The word looked up, in its sentence: what the popup's card and audio are of. */
  word: PopupWord;
  entries: DictionaryEntry[];
  /** The pointed character's rectangle, measured before any DOM change (no layout forced in between). */
  anchor: Pick<DOMRect, 'left' | 'top' | 'right' | 'bottom'>;
  vertical: boolean;
  /** 0: looked up on the page; n: from a word inside the popup of level n - 1. */
  level: number;
  /** The word whose status the popup shows: the pointed word's key, else the first entry's headword. */
  wordKey: WordKey | null;
}

/** The pointed word's key (its element carries it), else the first entry's headword and reading. */
function popupWordKey(pointed: PointedText, entries: readonly DictionaryEntry[]): WordKey | null {
  const id = pointed.node.parentElement?.closest<HTMLElement>('[data-wk]')?.dataset.wk;
  const [term, reading] = id?.split('\t') ?? [];
  if (term && reading) return { term, reading };
  const first = entries[0];
  const firstReading = first?.readings[0];
  return first && firstReading ? { term: first.kanji[0] ?? firstReading, reading: toHiragana(firstReading) } : null;
}

/**
 * The popup, placed beside its character once its size is known. Measured in a layout effect,
 * so inside the hover's own input task: the popup's style and layout are done before the frame
 * starts, while the main thread would wait for it, and the frame has them no more to do.
 *
 * Its best entry (with the word's status) is drawn first, the other entries and the card buttons
 * under them a frame later (as Yomitan draws its entries one by one): the word the learner points
 * at is on screen sooner, and a pointer sweeping over words never pays for the entries of a word
 * it has already left. The popup keeps its side of the line as it grows (popupPlace's `growth`).
 */
function HoverPopup({ popup, label, drawnWhole = false }: { popup: Popup; label: string; drawnWhole?: boolean }) {
  const ref = useRef<HTMLDivElement>(null);
  // The sense a card from here takes: the first of the best entry until one is clicked.
  const [picked, setPicked] = useState<{ popup: Popup; sense: SenseChoice } | null>(null);
  // The popup whose later entries are drawn too.
  const [whole, setWhole] = useState<Popup | null>(null);
  // Drawn whole at once only by the warm-up, which unmounts it in the same task.
  const complete = drawnWhole || whole === popup;
  // Where the popup went when it came: its side of the line, its top beside a column.
  const cameTo = useRef<{ popup: Popup; side: PopupSide | undefined; top: number } | null>(null);
  const first = popup.entries[0];
  const pickedSense = picked?.popup === popup ? picked.sense : null;
  const sense = pickedSense ?? (first ? { entryId: first.id, index: 0 } : null);
  // The same callback for the popup's life: the entries drawn first are not drawn again with the others.
  const choose = useCallback((c: SenseChoice) => setPicked({ popup, sense: c }), [popup]);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const view = { width: window.innerWidth, height: window.innerHeight };
    el.style.width = '';
    el.style.maxHeight = '';
    let box: { width: number; height: number } = el.getBoundingClientRect();
    // Kept where it came as it grows. A popup with entries still to come is placed for its grown
    // height (about as tall again for each), so it need not be held short or moved when they come.
    const came = cameTo.current?.popup === popup ? cameTo.current : null;
    const growth = (b: { height: number }) => (came ? { from: came } : complete ? undefined : { toHeight: Math.min(view.height / 2, (b.height * popup.entries.length) / FIRST_DRAWN + CARD_ACTIONS_PX) });
    let place = popupPlace(popup.anchor, popup.vertical, view, box, growth(box));
    if (place.width < box.width) {
      // Narrowed to stay off a vertical column: its height grows with it, so it is placed again by the new one.
      el.style.width = `${place.width}px`;
      box = { width: place.width, height: el.getBoundingClientRect().height };
      place = popupPlace(popup.anchor, popup.vertical, view, box, growth(box));
    }
    if (place.maxHeight !== undefined) el.style.maxHeight = `${place.maxHeight}px`;
    cameTo.current = came ?? { popup, side: place.side, top: place.y };
    // Set here, not through React's style prop: this component owns the element's position. A
    // transform (the stylesheet gives it one from the start) moves it without laying it out again.
    el.style.transform = `translate(${Math.round(place.x)}px, ${Math.round(place.y)}px)`;
    // Which side of the popup the word is on: a kanji card opened from it goes to the other.
    el.dataset.wordSide = place.x + place.width <= popup.anchor.left ? 'right' : 'left';
  }, [popup, complete, ref]);
  useEffect(() => {
    if (complete) return;
    // The frame under way paints the best entry; the others are drawn in a task after it (after
    // any input waiting), so that the next frame paints them.
    let cancel = () => undefined as void;
    const frame = requestAnimationFrame(() => (cancel = inBackground(() => flushSync(() => setWhole(popup)))));
    return () => {
      cancelAnimationFrame(frame);
      cancel();
    };
  }, [popup, complete]);
  return (
    <div ref={ref} className="dict-popup" role="dialog" aria-label={label} data-testid="dict-popup" data-level={popup.level} data-complete={complete}>
      {popup.wordKey && <WordStatusControl wordKey={popup.wordKey} compact />}
      <EntryList entries={complete ? popup.entries : popup.entries.slice(0, FIRST_DRAWN)} compact choosing={{ chosen: sense, onChoose: choose }} />
      {/* At the bottom, so drawn a frame later it moves nothing above it. */}
      {complete && <PopupCardActions word={popup.word} sense={pickedSense} />}
    </div>
  );
}

/** A popup with every part drawn (popupWarmUp.ts). */
const WARM_UP_POPUP: Popup = {
  text: WARM_UP_ENTRY.matched,
  word: { word: WARM_UP_ENTRY.matched, term: WARM_UP_ENTRY.term, context: () => ({ sentence: WARM_UP_ENTRY.matched, offset: 0 }), link: () => ({}) },
  entries: [WARM_UP_ENTRY],
  anchor: { left: 0, top: 0, right: 0, bottom: 0 },
  vertical: false,
  level: 0,
  wordKey: { term: WARM_UP_ENTRY.term, reading: WARM_UP_ENTRY.readings[0] ?? '' },
};

/**
 * Point at a word with the chosen lookup key held (or press it once over the word, or,
 * with no key chosen, rest the pointer on it): a small popup with its top dictionary
 * entries, on any text of the app. A click, drag or key combination made with the
 * lookup key is that action's, never a lookup (lookupGesture.ts). Also hosts the kanji
 * card, which a click on a kanji of the word panel's heading or a review card's word opens as well.
 */
export function DictionaryHover() {
  const { t } = useTranslation();
  const key = useSettings((s) => s.settings.dictionaryHoverKey);
  // Nested lookups: a hover inside a popup opens the next one, as many levels deep as the learner goes.
  const [popups, setPopups] = useState<Popup[]>([]);
  const last = useRef({ x: 0, y: 0, text: '' });
  const closeRef = useRef<() => void>(() => undefined);
  // Esc closes the popup (a kanji card opened from it, newer, closes first).
  useShortcut('app.close', () => closeRef.current(), popups.length > 0);

  useEffect(() => {
    const onClick = (e: MouseEvent) => {
      if (!(e.target instanceof Element) || !e.target.closest(KANJI_CLICK_AREAS)) return;
      const ch = textAtPoint(e.clientX, e.clientY)?.text.charAt(0) ?? '';
      if (KANJI.test(ch)) void useDictionary.getState().openKanji(ch);
    };
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, []);

  useEffect(() => {
    // At start: the core opens the dictionary now, not on the first hover; prefetching waits for the answer.
    if (!useDictionary.getState().status) void useDictionary.getState().loadStatus();
  }, []);

  useEffect(() => {
    // The popup's code run while the page is idle, so that the first hovers do not compile it and run it unoptimized.
    return warmUpWhenIdle(<HoverPopup popup={WARM_UP_POPUP} label="" drawnWhole />);
  }, []);

  useEffect(() => {
    if (key === 'off') return;
    // The text on screen is looked up ahead, in a few calls, once it and the view settle.
    let settle: number | undefined;
    let stopped = false;
    // A look-ahead under way, and whether the screen changed since it began (one more then follows).
    let running = false;
    let again = false;
    const lookAhead = async () => {
      // Every character, because a lookup not made ahead misses a frame. The reader's words from
      // their first characters first, then the other text nearest the pointer, then the words'
      // second characters and later ones, then the other text farther off: the likelier hovers
      // are not kept waiting behind the rarer ones.
      const [first, second, rest] = readerWordsOnScreen(DICTIONARY_LOOKUP_BATCH);
      await prefetchEntries(first);
      const other = (await textOnScreen(OTHER_TEXT_AHEAD, last.current, READER_TOKEN)).map((text) => ({ text }));
      for (const list of [other.slice(0, DICTIONARY_LOOKUP_BATCH), second, rest, other.slice(DICTIONARY_LOOKUP_BATCH)]) {
        if (stopped || again) return;
        await prefetchEntries(list);
      }
    };
    const start = async () => {
      if (running) return void (again = true);
      running = true;
      try {
        do {
          again = false;
          if (useDictionary.getState().status?.entries) await lookAhead();
        } while (again && !stopped);
      } finally {
        running = false;
      }
    };
    // Since when the screen has been changing without a look-ahead.
    let changingSince: number | null = null;
    const soon = () => {
      window.clearTimeout(settle);
      changingSince ??= performance.now();
      // A page whose words keep arriving (a book's furigana, an answer streaming in) still gets
      // its look-ahead: the text's lookups do not change when its furigana does.
      const wait = Math.max(0, Math.min(SETTLE_MS, changingSince + SETTLE_MAX_MS - performance.now()));
      settle = window.setTimeout(() => {
        changingSince = null;
        void start();
      }, wait);
    };
    // New text anywhere (a page turned, a panel opened, the daily sentence loaded); the popup's own changes aside.
    const changed = new MutationObserver((records) => {
      if (records.some((r) => !(r.target instanceof Element && r.target.closest('.dict-popup')) && ![...r.addedNodes, ...r.removedNodes].some(isPopup))) soon();
    });
    changed.observe(document.body, { childList: true, subtree: true, characterData: true });
    const offReader = useReader.subscribe((s, prev) => s.tokens !== prev.tokens && soon());
    const offStatus = useDictionary.subscribe((s, prev) => s.status !== prev.status && soon());
    document.addEventListener('scroll', soon, { capture: true, passive: true });
    window.addEventListener('resize', soon);
    soon();
    return () => {
      window.clearTimeout(settle);
      stopped = true;
      changed.disconnect();
      offReader();
      offStatus();
      document.removeEventListener('scroll', soon, { capture: true });
      window.removeEventListener('resize', soon);
    };
  }, [key]);

  useEffect(() => {
    if (key === 'off') return;
    let seq = 0;
    let resting: number | undefined;
    const probe = createHoverProbe();
    // Whether a popup is on screen: a move without the key closes it without a React update each time.
    let shown = false;
    // The shown popup's word, which the pointer may leave for the popup without closing it.
    let anchor: PointedText['rect'] | null = null;
    const close = () => {
      seq++;
      last.current.text = '';
      anchor = null;
      probe.reset();
      if (!shown) return;
      shown = false;
      setPopups([]);
    };
    closeRef.current = close;
    const open = (pointed: PointedText, entries: DictionaryEntry[]) => {
      const level = levelOf(pointed.node);
      if (entries.length === 0) {
        // Nothing for a word inside a popup: the popups stay as they are.
        if (level > 0) return;
        if (shown) setPopups([]);
        shown = false;
        return;
      }
      const vertical = pointed.node.parentElement ? getComputedStyle(pointed.node.parentElement).writingMode.startsWith('vertical') : false;
      const matched = entries[0]?.matched ?? pointed.text;
      // The sentence is read once the popup is painted (its card state is asked then), not in the hover's task.
      let context: ReturnType<PopupWord['context']> | undefined;
      const word: PopupWord = { word: matched, term: entries[0]?.term ?? matched, context: () => (context ??= pointedSentence(pointed.node, pointed.offset, matched)), link: () => pointedLink(pointed.node) };
      const next = { text: matched, word, entries: entries.slice(0, TOP), anchor: pointed.rect, vertical, level, wordKey: popupWordKey(pointed, entries) };
      if (level === 0) anchor = pointed.rect;
      // Rendered at once, not in a later task: the popup makes the next frame.
      shown = true;
      flushSync(() => setPopups((open) => [...open.slice(0, level), next]));
    };
    const show = (x: number, y: number) => {
      const pointed = textAtPoint(x, y);
      if (!pointed) return;
      if (pointed.text === last.current.text) return;
      last.current.text = pointed.text;
      const mine = ++seq;
      // Looked up already (the pointer rested here, or it was hovered before): drawn in this very frame.
      const firstWord = readerFirstWord(pointed);
      const known = answeredEntries(pointed.text, undefined, firstWord);
      if (known) return open(pointed, known);
      void lookupEntries(pointed.text, undefined, firstWord).then((entries) => mine === seq && open(pointed, entries));
    };
    // The pointer resting on text without the key: its lookup is fetched, so pressing the key shows it at once.
    const prefetchWhenResting = (x: number, y: number) => {
      window.clearTimeout(resting);
      if (!useDictionary.getState().status?.entries) return;
      resting = window.setTimeout(() => {
        const pointed = textAtPoint(x, y);
        if (pointed) void lookupEntries(pointed.text, undefined, readerFirstWord(pointed));
      }, REST_MS);
    };
    const lookUpHere = () => {
      if (pinned()) return;
      probe.reset();
      probe.move(last.current.x, last.current.y);
      show(last.current.x, last.current.y);
    };
    // The popup's own keys (add the card, play the word) act on it rather than closing it.
    const popupKey = (e: KeyboardEvent) => {
      if (!shown) return false;
      const chord = chordOf(e);
      const bindings = bindingsOf(useSettings.getState().settings.shortcuts);
      return chord !== null && (bindings['popup.addCard'].includes(chord) || bindings['popup.playWord'].includes(chord));
    };
    const gesture = createLookupGesture({ key, lookUp: lookUpHere, close, popupKey });
    const onMove = (e: MouseEvent) => {
      last.current.x = e.clientX;
      last.current.y = e.clientY;
      if (pinned()) return;
      if (gesture.scans(e)) {
        window.clearTimeout(resting);
        if (probe.move(e.clientX, e.clientY)) show(e.clientX, e.clientY);
        return;
      }
      const inPopup = isInside(e.target);
      // Off the word and its popups (a little leeway to cross the gap between them): closed, without a React update when none shows.
      if (shown && !inPopup && !(anchor && near(anchor, e.clientX, e.clientY)) && !popupElements().some((p) => near(p.getBoundingClientRect(), e.clientX, e.clientY))) close();
      prefetchWhenResting(e.clientX, e.clientY);
      if (inPopup) gesture.stopRest();
      else gesture.rested();
    };
    // Chromium delivers mousemove with the next frame; pointerrawupdate as soon as the input
    // arrives: with the key held, the lookup starts up to a frame earlier (one probe a frame).
    const onRawMove = (e: PointerEvent) => {
      if (!pinned() && gesture.scans(e) && probe.raw(e.clientX, e.clientY)) show(e.clientX, e.clientY);
    };
    // The key pressed alone over a word looks up (held still, or released); another key with it is that key's action.
    const onKey = (e: KeyboardEvent) => gesture.keyDown(e);
    const onKeyUp = (e: KeyboardEvent) => gesture.keyUp(e);
    // A click outside the popup and its card closes them; with the key held it is a click's, not a lookup.
    const onPointerDown = (e: PointerEvent) => {
      if (isInside(e.target)) return;
      if (pinned()) useDictionary.getState().closeKanji();
      gesture.pointerDown(e);
      close();
    };
    const onLeave = () => gesture.stopRest();
    // Scrolled under a still pointer: the same position may be on other text now.
    const onScroll = () => probe.reset();
    document.addEventListener('mousemove', onMove, { passive: true });
    document.addEventListener('pointerrawupdate', onRawMove as EventListener, { passive: true });
    document.addEventListener('keydown', onKey, { capture: true });
    document.addEventListener('keyup', onKeyUp, { capture: true });
    document.addEventListener('pointerdown', onPointerDown, { capture: true });
    document.documentElement.addEventListener('mouseleave', onLeave);
    document.addEventListener('scroll', onScroll, { capture: true, passive: true });
    return () => {
      window.clearTimeout(resting);
      gesture.dispose();
      seq++;
      setPopups([]);
      closeRef.current = () => undefined;
      document.removeEventListener('mousemove', onMove);
      document.removeEventListener('pointerrawupdate', onRawMove as EventListener);
      document.removeEventListener('keydown', onKey, { capture: true });
      document.removeEventListener('keyup', onKeyUp, { capture: true });
      document.removeEventListener('pointerdown', onPointerDown, { capture: true });
      document.documentElement.removeEventListener('mouseleave', onLeave);
      document.removeEventListener('scroll', onScroll, { capture: true });
    };
  }, [key]);

  return (
    <>
      {/* Straight under <body>: adding it lays out no more than the popup (inside the app it laid out the book's page again). */}
      {popups.map((p) => createPortal(<HoverPopup key={p.level} popup={p} label={t('dictionary.popup.label', { text: p.text })} />, document.body, `popup-${p.level}`))}
      <KanjiCardDialog />
    </>
  );
}
