import { Match, Show, Switch } from 'solid-js';
import type { EmbedStatus, SemanticModelStatus } from '../../common/embedding-schemas.ts';
import { useStores } from '../state/use-stores.ts';
import { EmbedBudget } from './embed-budget.tsx';
import { describeModelProblem } from './model-figures.ts';
import { ModelFolder } from './model-folder.tsx';
import { ModelOffer } from './model-offer.tsx';
import { ModelProgress } from './model-progress.tsx';

/**
 * The layer is off and the harness offers a model: what «Buscar por significado» will do
 * (the budget can be chosen first: the estimate follows it), then the download's progress,
 * then the check; a failure worded from its code. A phone is told that this is decided on
 * the laptop.
 */
export function ModelSetup(props: { status: EmbedStatus; model: SemanticModelStatus }) {
  const t = useStores().i18n.t;
  const state = () => props.model.download.state;
  return (
    <section class="model-setup" data-testid="model-setup" data-state={state()}>
      <h2>{t('embed.model.title')}</h2>
      <p>{t('embed.model.explain')}</p>
      <Show when={props.model.download.problem}>
        {(problem) => (
          <p
            class="embed-error"
            role="alert"
            data-testid="model-problem"
            data-code={problem().code}
          >
            {describeModelProblem(problem(), t)}
          </p>
        )}
      </Show>
      <Switch>
        <Match when={state() === 'downloading' || state() === 'checking'}>
          <ModelProgress model={props.model} laptop={props.status.laptop} />
        </Match>
        <Match when={state() === 'installed'}>
          <p data-testid="model-checking">{t('embed.model.checking')}</p>
        </Match>
        <Match when={true}>
          <ModelOffer model={props.model} status={props.status} />
          <Show when={props.status.laptop}>
            <ModelFolder />
            <EmbedBudget status={props.status} />
          </Show>
        </Match>
      </Switch>
    </section>
  );
}
