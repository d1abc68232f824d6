import { Show } from 'solid-js';
import type { HarnessProblem } from '../../common/harness-problem.ts';
import { describeHarnessProblem } from '../i18n/describe-harness-problem.ts';
import { harnessPart } from '../i18n/harness-es.ts';
import { useStores } from '../state/use-stores.ts';

/**
 * The last edit of the harness file was refused (the previous harness stays active):
 * said here, not only in the terminal. The events stream keeps the status current,
 * so the banner goes away as soon as a valid edit is saved. Its words load with it.
 */
export function HarnessBanner() {
  const stores = useStores();
  const worded = stores.i18n.usePart(harnessPart);
  const harness = () => stores.vault.state.status?.harness;
  const details = (problem: HarnessProblem | null) =>
    problem ? describeHarnessProblem(problem, stores.i18n.t) : '';
  return (
    <Show when={worded() && harness()?.ok === false ? harness() : null}>
      {(h) => (
        <div class="error-banner" role="alert" data-testid="harness-banner">
          <p class="error-banner-text">
            {stores.i18n.t('harness.invalid', {
              file: h().file,
              error: details(h().problem),
            })}
          </p>
        </div>
      )}
    </Show>
  );
}
