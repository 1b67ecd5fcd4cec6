import '../../styles/models.css';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isStructuredTask, modelsForTask, type CatalogModel, type CatalogSource, type ModelTask, type Provider } from '../../../../shared/catalog';
import { groupByVendor, recommendedModels, vendorOf } from '../../../../shared/modelGroups';
import { searchModels } from '../../../../shared/modelSearch';
import { formatContext, formatPrice, modelFactsView, orderForTask } from './modelFormat';

/** Rows drawn at once for a search: typing narrows the rest (400 rows of DOM per keystroke would be the slow part). */
const SHOWN = 40;

interface Props {
  task: ModelTask;
  models: readonly CatalogModel[];
  /** Where the list comes from: a built-in entry's price and abilities are shown as unknown. */
  source: CatalogSource;
  /** Whose list it is: the gateway's prices every model, Gemini's none, a local server's are free. */
  provider: Provider;
  /** The chosen id; null: "same as analysis" (tasks other than analysis). */
  value: string | null;
  /** Shown for a null value. */
  inherited?: string;
  /** The model the core runs this task with (`ModelList.inUse`); null: no model of the list can do the task. */
  inUse?: string | null;
  onChange(id: string | null): void;
}

/**
 * One task's model: before any typing, the models recommended for the task and then every model by its maker;
 * a search box over id, name, maker and abilities; each model with its price, context and abilities.
 */
export function ModelPicker({ task, models, source, provider, value, inherited, inUse, onChange }: Props) {
  const { t, i18n } = useTranslation();
  const [query, setQuery] = useState('');
  const listId = useId();
  const offered = useMemo(() => orderForTask(modelsForTask(models, task), isStructuredTask(task)), [models, task]);
  // The words a search also finds a model by: its maker, and its abilities as the badges say them (and in English).
  const extra = useMemo(() => {
    const words = { image: `${t('models.badges.image')} image vision`, structured: `${t('models.badges.structured')} structured json`, free: `${t('models.badges.free')} free` };
    return (m: CatalogModel) => {
      const v = vendorOf(provider, m);
      return `${v.key} ${v.label} ${m.inputModalities.includes('image') ? words.image : ''} ${m.structuredOutputs ? words.structured : ''} ${m.free ? words.free : ''}`;
    };
  }, [provider, t]);
  const found = useMemo(() => searchModels(offered, query, Infinity, extra), [offered, query, extra]);
  const recommended = useMemo(() => recommendedModels(provider, task, offered, inUse ?? value ?? inherited), [provider, task, offered, inUse, value, inherited]);
  const groups = useMemo(() => groupByVendor(provider, offered), [provider, offered]);
  // "Same as analysis" may run with another model (image text needs one that reads images): the core's choice is shown.
  const fallback = task === 'imageText' && value === null && inherited !== undefined && inUse !== undefined && inUse !== inherited;
  const current = models.find((m) => m.id === (value ?? (fallback && inUse ? inUse : inherited)));
  const label = t(`models.tasks.${task}`);
  const choose = (id: string) => {
    onChange(id);
    setQuery('');
  };
  return (
    <div className="model-picker" data-testid={`model-picker-${task}`}>
      <div className="model-picker-head">
        <span className="field-label">{label}</span>
        <span className="model-picker-current" data-testid={`model-current-${task}`} data-in-use={inUse ?? ''}>
          {value !== null
            ? value
            : fallback
              ? inUse === null
                ? t('models.noAbleModel')
                : t('models.sameAsAnalysisFallback', { analysis: inherited, model: inUse })
              : inherited
                ? `${t('models.sameAsAnalysis')} · ${inherited}`
                : ''}
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
        aria-controls={listId}
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        data-testid={`model-search-${task}`}
      />
      <div id={listId} className="model-browse">
        {query !== '' ? (
          <>
            <p className="hint" role="status" data-testid={`model-count-${task}`}>
              {found.length === 0 ? t('models.noResults', { query }) : t('models.results', { count: found.length })}
            </p>
            <ModelOptions models={found.slice(0, SHOWN)} label={label} value={value} source={source} provider={provider} onChoose={choose} />
            {found.length > SHOWN && <p className="hint">{t('models.more', { count: found.length - SHOWN })}</p>}
          </>
        ) : (
          <>
            {recommended.length > 0 && (
              <section className="model-recommended" data-testid={`model-recommended-${task}`}>
                <h4 className="model-group-title">{t('models.recommended')}</h4>
                <ModelOptions models={recommended} label={t('models.recommended')} value={value} source={source} provider={provider} onChoose={choose} />
              </section>
            )}
            <h4 className="model-group-title">{t('models.allModels', { count: offered.length })}</h4>
            {offered.length === 0 && <p className="hint">{t('models.emptyList')}</p>}
            {groups.map((g) => (
              <VendorGroup key={g.key} vendor={g.key} label={g.label} models={g.models} value={value} source={source} provider={provider} onChoose={choose} />
            ))}
          </>
        )}
      </div>
    </div>
  );
}

interface OptionsProps {
  models: readonly CatalogModel[];
  label: string;
  value: string | null;
  source: CatalogSource;
  provider: Provider;
  onChoose(id: string): void;
}

function ModelOptions({ models, label, value, source, provider, onChoose }: OptionsProps) {
  const { i18n } = useTranslation();
  return (
    <ul className="model-options" aria-label={label}>
      {models.map((m) => (
        <li key={m.id} data-testid="model-option" data-model={m.id}>
          <button type="button" aria-pressed={m.id === value} onClick={() => onChoose(m.id)}>
            <span className="model-option-id">{m.id}</span>
            <ModelFacts model={m} source={source} provider={provider} locale={i18n.language} />
          </button>
        </li>
      ))}
    </ul>
  );
}

/** One maker's models, folded: its rows are only drawn once opened (a catalog of 400 stays light). */
function VendorGroup({ vendor, label, models, ...rest }: { vendor: string; label: string } & OptionsProps) {
  const [open, setOpen] = useState(false);
  return (
    <details className="model-group" data-testid="model-group" data-vendor={vendor} onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>
        {label} <span className="muted">({models.length})</span>
      </summary>
      {open && <ModelOptions models={models} label={label} {...rest} />}
    </details>
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
        : view.price === 'local'
          ? t('models.localPrice')
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
          {view.abilities.image && (
            <span className="badge" data-testid="badge-image">
              {t('models.badges.image')}
            </span>
          )}
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
