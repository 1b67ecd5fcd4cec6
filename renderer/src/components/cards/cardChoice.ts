import { create } from 'zustand';
import type { SenseChoice } from '../../../../shared/contract/review';

/**
 * What the learner picked for the card of the word they are looking at: a dictionary sense
 * (clicked in the panel), or the model's meaning. Kept per word and sentence, so another word
 * starts from the default (the best entry's first sense).
 */
interface CardChoiceState {
  key: string;
  sense: SenseChoice | null;
  useModel: boolean;
  choose(key: string, sense: SenseChoice): void;
  setUseModel(key: string, on: boolean): void;
}

export const useCardChoice = create<CardChoiceState>((set, get) => ({
  key: '',
  sense: null,
  useModel: false,
  choose: (key, sense) => set({ key, sense, useModel: false }),
  setUseModel: (key, on) => set({ key, useModel: on, sense: get().key === key ? get().sense : null }),
}));

export const choiceKey = (word: string, sentence: string) => `${word}\u0000${sentence}`;

/** The learner's choice for this word, if the choice is about it. */
export function choiceFor(key: string): { sense: SenseChoice | null; useModel: boolean } {
  const s = useCardChoice.getState();
  return s.key === key ? { sense: s.sense, useModel: s.useModel } : { sense: null, useModel: false };
}
