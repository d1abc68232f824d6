import { For, lazy, Show } from 'solid-js';
import { useStores } from '../app/store-context.tsx';
import type { Chip as ChipRecord } from '../db/records.ts';
import { chipLabel } from './chips.ts';

/** Pages and web answers: previewed and trimmed before sending; loaded with /extraer or /web. */
const ExternalChip = lazy(() =>
  import('../web-context/external-chip.tsx').then((m) => ({ default: m.ExternalChip })),
);
const external = (chip: ChipRecord) => (chip.kind === 'url' || chip.kind === 'web' ? chip : null);

/** What the next message will carry, each removable: attachments, the last closing, the project. */
export function ChipsBar() {
  const stores = useStores();
  const t = stores.i18n.t;
  const chat = stores.chat;
  const project = () => chat.state.conversation?.project ?? null;
  return (
    <Show when={chat.state.chips.length > 0 || project()}>
      <ul class="chips" data-testid="chips" aria-label={t('chips.label')}>
        <Show when={project()}>
          {(name) => (
            <Chip
              label={t('chip.project', { name: name() })}
              onRemove={() => void chat.setProject(null)}
              kind="project"
            />
          )}
        </Show>
        <For each={chat.state.chips}>
          {(chip) => (
            <Show
              when={external(chip)}
              fallback={
                <Chip
                  label={chipLabel(chip, t)}
                  onRemove={() => chat.removeChip(chip.id)}
                  kind={chip.kind}
                />
              }
            >
              {(page) => <ExternalChip chip={page()} />}
            </Show>
          )}
        </For>
      </ul>
    </Show>
  );
}

function Chip(props: { label: string; kind: string; onRemove: () => void }) {
  const t = useStores().i18n.t;
  return (
    <li class="chip" data-testid="chip" data-kind={props.kind}>
      <span class="chip-label">{props.label}</span>
      <button
        type="button"
        class="chip-remove"
        aria-label={t('chips.remove', { label: props.label })}
        onClick={() => props.onRemove()}
      >
        ×
      </button>
    </li>
  );
}
