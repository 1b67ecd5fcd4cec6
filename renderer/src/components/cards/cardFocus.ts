import { create } from 'zustand';
import { useApp } from '../../stores/appStore';

/** A card to show in the Review page's card browser (an existing card opened from the popup or the panel). */
interface CardFocusState {
  cardId: number | null;
  open(cardId: number): void;
  done(): void;
}

export const useCardFocus = create<CardFocusState>((set) => ({
  cardId: null,
  open: (cardId) => {
    set({ cardId });
    useApp.getState().go('review');
  },
  done: () => set({ cardId: null }),
}));
