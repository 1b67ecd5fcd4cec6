import '../../styles/models.css';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isStructuredTask, modelsForTask, type CatalogModel, type CatalogSource, type ModelTask, type Provider } from '../../../../shared/catalog';
import { searchModels } from '../../../../shared/modelSearch';
import { formatContext, formatPrice, modelFactsView, orderForTask } from './modelFormat';

/** Rows drawn at once: the search narrows the rest (400 rows of DOM per keystroke would be the slow part). */
const SHOWN = 40;

interface Props {
  task: ModelTask;
  models: readonly CatalogModel[];
  /** Where the list comes from: a built-in entry's price and abilities are shown as unknown. */
  source: CatalogSource;
  /** Whose list it is: the gateway's prices every model, Gemini's none. */
  provider: Provider;
  /** The chosen id; null: "same as analysis" (tasks other than analysis). */
  value: string | null;
  /** Shown for a null value. */
  inherited?: string;
  onChange(id: string | null): void;
}

/** One task's model: a search box over the catalog (id or name) and the matching models with price, context and abilities. */
export function ModelPicker({ task, models, source, provider, value, inherited, onChange }: Props) {
  const { t, i18n } = useTranslation();
  const [query, setQuery] = useState('');
  const listId = useId();
  const offered = useMemo(() => orderForTask(modelsForTask(models, task), isStructuredTask(task)), [models, task]);
  const found = useMemo(() => searchModels(offered, query), [offered, query]);
  const current = models.find((m) => m.id === (value ?? inherited));
  const label = t(`models.tasks.${task}`);
  return (
    <div className="model-picker" data-testid={`model-picker-${task}`}>
      <div className="model-picker-head">
        <span className="field-label">{label}</span>
        <span className="model-picker-current" data-testid={`model-current-${task}`}>
          {value === null && inherited ? `${t('models.sameAsAnalysis')} · ${inherited}` : (value ?? '')}
        </span>
        {value !== null && task !== 'analysis' && (
          <button type="button" className="link-button small" onClick={() => onChange(null)} data-testid={`model-inherit-${task}`}>
            {t('models.sameAsAnalysis')}
          </button>
        )}
      </div>
      {current && <ModelFacts model={current} source={source} provider={provider} locale={i18n.language} />}
      <p className="hint">{t(`models.taskHelp.${task}`)}</p>
      <input
        type="search"
        className="model-search"
        placeholder={t('models.search')}
        aria-label={t('models.searchLabel', { task: label })}
        aria-controls={query !== '' ? listId : undefined}
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        data-testid={`model-search-${task}`}
      />
      {query !== '' && (
        <>
          <p className="hint" role="status" data-testid={`model-count-${task}`}>
            {found.length === 0 ? t('models.noResults', { query }) : t('models.results', { count: found.length })}
          </p>
          <ul id={listId} className="model-options" aria-label={label}>
            {found.slice(0, SHOWN).map((m) => (
              <li key={m.id} data-testid="model-option" data-model={m.id}>
                <button
                  type="button"
                  aria-pressed={m.id === value}
                  onClick={() => {
                    onChange(m.id);
                    setQuery('');
                  }}
                >
                  <span className="model-option-id">{m.id}</span>
                  <ModelFacts model={m} source={source} provider={provider} locale={i18n.language} />
                </button>
              </li>
            ))}
          </ul>
          {found.length > SHOWN && <p className="hint">{t('models.more', { count: found.length - SHOWN })}</p>}
        </>
      )}
    </div>
  );
}

function ModelFacts({ model, source, provider, locale }: { model: CatalogModel; source: CatalogSource; provider: Provider; locale: string }) {
  const { t } = useTranslation();
  const view = modelFactsView(model, source, provider);
  const price =
    view.price === 'unknown'
      ? t('models.priceUnknown')
      : view.price === 'billed'
        ? t('models.noPrice')
        : t('models.price', { prompt: formatPrice(view.price.prompt, locale), completion: formatPrice(view.price.completion, locale) });
  return (
    <span className="model-facts">
      <span className="model-name">{model.name}</span>
      <span className="muted" data-testid="model-price">
        {price}
      </span>
      {model.contextLength > 0 && <span className="muted">{t('models.context', { tokens: formatContext(model.contextLength, locale) })}</span>}
      {view.free && (
        <span className="badge badge-free" data-testid="badge-free">
          {t('models.badges.free')}
        </span>
      )}
      {view.abilities ? (
        <>
          {view.abilities.image && <span className="badge">{t('models.badges.image')}</span>}
          <span className="badge" data-testid={view.abilities.structured ? 'badge-structured' : 'badge-no-structured'}>
            {view.abilities.structured ? t('models.badges.structured') : t('models.badges.noStructured')}
          </span>
        </>
      ) : (
        <span className="badge" data-testid="badge-abilities-unknown">
          {t('models.badges.abilitiesUnknown')}
        </span>
      )}
    </span>
  );
}
