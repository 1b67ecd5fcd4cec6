import '../../styles/reading.css';
import type { ReactNode } from 'react';

/** A labelled on/off switch (a checkbox with the switch role), with an optional explanation. */
export function Switch(props: { id: string; label: string; checked: boolean; onChange(v: boolean): void; help?: ReactNode; testId?: string }) {
  return (
    <div className="field switch-field">
      <label className="field-label" htmlFor={props.id}>
        {props.label}
      </label>
      <div>
        <span className="switch">
          <input
            id={props.id}
            type="checkbox"
            role="switch"
            checked={props.checked}
            aria-describedby={props.help ? `${props.id}-help` : undefined}
            data-testid={props.testId}
            onChange={(e) => props.onChange(e.target.checked)}
          />
          <span className="switch-track" aria-hidden="true" />
        </span>
        {props.help && (
          <p id={`${props.id}-help`} className="field-help">
            {props.help}
          </p>
        )}
      </div>
    </div>
  );
}

/** A segmented choice (radio group) of a few options. */
export function Segmented<T extends string>(props: { id: string; label: string; options: readonly T[]; value: T; name(v: T): string; onChange(v: T): void }) {
  return (
    <div className="field">
      <span className="field-label" id={`${props.id}-label`}>
        {props.label}
      </span>
      <div className="segmented" role="radiogroup" aria-labelledby={`${props.id}-label`}>
        {props.options.map((o) => (
          <button key={o} type="button" role="radio" aria-checked={props.value === o} data-testid={`${props.id}-${o}`} onClick={() => props.onChange(o)}>
            {props.name(o)}
          </button>
        ))}
      </div>
    </div>
  );
}
