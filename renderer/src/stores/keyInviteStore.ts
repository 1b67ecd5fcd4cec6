import { useEffect, useId } from 'react';
import { holdsInvite, useKeyInvites, type KeyInviteOwner } from './keyInviteRegistry';
import { useSecrets } from './secretsStore';
import { useSettings } from './settingsStore';

/** invite: the one invitation; hint: a quiet line, no button; dismissed: the learner said no; none: a key is there. */
export type KeyInviteRole = 'invite' | 'hint' | 'dismissed' | 'none';

/** Whether a key for the chosen provider is saved or given by the environment (as far as this window knows). */
function useHasKey(): boolean {
  const provider = useSettings((s) => s.settings.provider);
  return useSecrets((s) => (provider === 'local' ? false : (s.status?.keys[provider].set ?? false)));
}

/** This place's part in the screen's one invitation; registers while `active` (mounted and showing a no-key state). */
export function useKeyInviteRole(owner: KeyInviteOwner, active = true): KeyInviteRole {
  const id = useId();
  const dismissed = useSettings((s) => s.settings.keyInviteDismissed);
  const hasKey = useHasKey();
  const register = useKeyInvites((s) => s.register);
  useEffect(() => (active ? register(id, owner) : undefined), [active, id, owner, register]);
  const first = useKeyInvites((s) => holdsInvite(s.entries, id, owner));
  if (hasKey) return 'none';
  if (dismissed) return 'dismissed';
  return first ? 'invite' : 'hint';
}

/** Hides every key invitation until the learner asks again (Settings' key section always offers a key). */
export const dismissKeyInvites = (): void => void useSettings.getState().update({ keyInviteDismissed: true });
