import { For, Show } from 'solid-js';
import { useStores } from '../app/store-context.tsx';
import type { Chip as ChipRecord } from '../db/records.ts';
import type { ChatSlots } from './chat-slots.ts';
import { chipLabel } from './chips.ts';

const external = (chip: ChipRecord) => (chip.kind === 'url' || chip.kind === 'web' ? chip : null);

/**
 * What the next message will carry, each removable: attachments, the last closing, the
 * project; pages and web answers are drawn by `externalChip`.
 */
export function ChipsBar(props: Pick<ChatSlots, 'externalChip'>) {
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
              {(page) => <props.externalChip chip={page()} />}
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
