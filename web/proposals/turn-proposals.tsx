import { createEffect, For, Match, on, Show, Switch } from 'solid-js';
import { useStores } from '../state/use-stores.ts';
import { shouldTakeFocus } from './card-keys.ts';
import { ClosingCard } from './closing-card.tsx';
import { FileCard } from './file-card.tsx';
import { isPending, visibleFor } from './proposal-state.ts';
import { SynapseCard } from './synapse-card.tsx';
import './proposals.css';

/** How recent must a proposal be to take the focus (not one restored by a reload)? */
const FRESH_MS = 30_000;

const PENDING_SYNAPSE = '.proposal[data-state="pending"][data-kind="synapse"]';

/** The proposals made from one answer, under it. The first new synapse may take the focus. */
export function TurnProposals(props: { turnId: string }) {
  const stores = useStores();
  const records = () => visibleFor(stores.proposals.state.records, props.turnId);
  let list: HTMLElement | undefined;
  const composer = () => document.getElementById('composer-text');
  const fresh = () =>
    records().some(
      (r) => isPending(r) && r.proposal.kind === 'synapse' && Date.now() - r.createdAt < FRESH_MS,
    );
  createEffect(
    on(fresh, (now, before) => {
      if (!now || before) return;
      const active = document.activeElement;
      const where =
        active === composer() ? 'composer' : !active || active === document.body ? 'none' : 'other';
      if (shouldTakeFocus({ active: where, composerText: stores.chat.state.text })) {
        queueMicrotask(() => list?.querySelector<HTMLElement>(PENDING_SYNAPSE)?.focus());
      }
    }),
  );
  /** After a decision made from this list, the next pending synapse, else the chat box. */
  const onDone = () => {
    if (!list?.contains(document.activeElement) && document.activeElement !== document.body) return;
    (list?.querySelector<HTMLElement>(PENDING_SYNAPSE) ?? composer())?.focus();
  };
  return (
    <Show when={records().length > 0}>
      <section class="proposals" ref={list} aria-label={stores.i18n.t('proposal.list')}>
        <For each={records()}>
          {(record) => (
            <Switch>
              <Match when={record.proposal.kind === 'synapse'}>
                <SynapseCard record={record} onDone={onDone} />
              </Match>
              <Match when={record.proposal.kind === 'closing'}>
                <ClosingCard record={record} />
              </Match>
              <Match when={true}>
                <FileCard record={record} />
              </Match>
            </Switch>
          )}
        </For>
      </section>
    </Show>
  );
}
