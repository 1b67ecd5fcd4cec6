import type { AppErrorData } from '../../../../shared/result';
import { isMissingKey } from '../../../../shared/result';
import { ErrorMessage } from '../status/ErrorMessage';
import { NoKeyInvite, type NoKeyFeature } from './NoKeyInvite';

/**
 * Why a model feature has no answer: no key configured is an invitation to add one;
 * anything else (a rejected key, credits, limits, network, the model) stays a red error.
 */
export function ModelProblem(props: { error: AppErrorData; feature: NoKeyFeature; onRetry?: () => void; onAddKey?: () => void; compact?: boolean; testId?: string }) {
  if (isMissingKey(props.error)) return <NoKeyInvite feature={props.feature} onAddKey={props.onAddKey} />;
  return <ErrorMessage error={props.error} onRetry={props.onRetry} compact={props.compact} testId={props.testId} />;
}
