import { useTranslation } from 'react-i18next';
import type { PhraseDetail } from '../../../../shared/domain';

type Field = keyof PhraseDetail;

/** One labelled field; a shimmer while it is still on its way. */
function Row(props: { label: string; value: string | undefined; loading: boolean; ja?: boolean; testId: string; wide?: boolean }) {
  if (!props.value && !props.loading) return null;
  return (
    <div className={`detail-row${props.wide ? ' wide' : ''}`} data-testid={props.testId}>
      <dt>{props.label}</dt>
      <dd lang={props.ja ? 'ja' : undefined}>{props.value ? props.value : <span className="shimmer" aria-hidden="true" />}</dd>
    </div>
  );
}

/** The detail's fields in reading order; phrase fields only for phrases. */
export function DetailFields(props: { detail: Partial<PhraseDetail>; loading: boolean; phrase: boolean }) {
  const { t } = useTranslation();
  const d = props.detail;
  const row = (f: Field, opts: { ja?: boolean; wide?: boolean } = {}) => (
    <Row key={f} label={t(`detail.fields.${f}`)} value={d[f]?.trim() || undefined} loading={props.loading} testId={`detail-${f}`} {...opts} />
  );
  return (
    <dl className="detail-fields">
      {row('chineseTranslation', { wide: true })}
      {props.phrase && row('category')}
      {row('dictionaryForm', { ja: true })}
      {row('pos')}
      {props.phrase && row('breakdown', { wide: true })}
      {row('explanation', { wide: true })}
      {row('conjugation', { wide: true })}
      {(d.example || props.loading) && (
        <div className="detail-row wide example" data-testid="detail-example">
          <dt>{t('detail.fields.example')}</dt>
          <dd>
            {d.example ? (
              <>
                <span lang="ja" className="example-ja">
                  {d.example}
                </span>
                {d.exampleTranslation && <span className="example-tr">{d.exampleTranslation}</span>}
              </>
            ) : (
              <span className="shimmer" aria-hidden="true" />
            )}
          </dd>
        </div>
      )}
    </dl>
  );
}
