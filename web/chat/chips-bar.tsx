import { For, Show } from 'solid-js';
import { estimateTokens } from '../../common/estimate-tokens.ts';
import type { Chip as ChipRecord } from '../db/records.ts';
import { useStores } from '../state/use-stores.ts';
import type { ChatSlots } from './chat-slots.ts';
import { chipLabel } from './chips.ts';
import { chipChars, lastParts, pinnedTokens, projectChars } from './pinned-budget.ts';

const external = (chip: ChipRecord) => (chip.kind === 'url' || chip.kind === 'web' ? chip : null);

/**
 * What the next message will carry, each removable: attachments, the last closing, the
 * project; pages and web answers are drawn by `externalChip`. Pinned ones (and the project)
 * go with every turn, counted against the model's context window.
 */
export function ChipsBar(props: Pick<ChatSlots, 'externalChip'>) {
  const stores = useStores();
  const t = stores.i18n.t;
  const chat = stores.chat;
  const project = () => chat.state.conversation?.project ?? null;
  const parts = () => lastParts(chat.state.turns);
  const tokens = (chars: number | null) => (chars === null ? null : estimateTokens(chars));
  const anyPinned = () => project() !== null || chat.state.chips.some((c) => c.pinned);
  return (
    <Show when={chat.state.chips.length > 0 || project()}>
      <Show when={anyPinned()}>
        <p class="pinned-budget muted" data-testid="pinned-budget">
          {t('chips.budget', {
            pinned: pinnedTokens(chat.state.chips, project(), parts(), chat.notePaths.sizeOf),
            window: chat.state.context?.contextTokens ?? '?',
          })}
        </p>
      </Show>
      <ul class="chips" data-testid="chips" aria-label={t('chips.label')}>
        <Show when={project()}>
          {(name) => (
            <Chip
              label={t('chip.project', { name: name() })}
              onRemove={() => void chat.setProject(null)}
              kind="project"
              pinned={true}
              tokens={tokens(projectChars(name(), parts()))}
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
                  onTogglePin={() => chat.togglePin(chip.id)}
                  kind={chip.kind}
                  pinned={chip.pinned === true}
                  tokens={tokens(chipChars(chip, parts(), chat.notePaths.sizeOf))}
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

function Chip(props: {
  label: string;
  kind: string;
  pinned: boolean;
  tokens: number | null;
  onRemove: () => void;
  /** Absent for the project, which stays until removed. */
  onTogglePin?: () => void;
}) {
  const t = useStores().i18n.t;
  return (
    <li
      class="chip"
      classList={{ 'chip-pinned': props.pinned }}
      data-testid="chip"
      data-kind={props.kind}
      data-pinned={props.pinned ? 'true' : 'false'}
    >
      <Show when={props.onTogglePin}>
        {(toggle) => (
          <button
            type="button"
            class="chip-pin"
            data-testid="chip-pin"
            aria-pressed={props.pinned}
            aria-label={t(props.pinned ? 'chips.unpin' : 'chips.pin', { label: props.label })}
            title={t(props.pinned ? 'chips.unpin' : 'chips.pin', { label: props.label })}
            onClick={() => toggle()()}
          >
            {/* An SVG, not an emoji: Debian without an emoji font would show a box. */}
            <svg
              class="chip-pin-icon"
              viewBox="0 0 24 24"
              width="16"
              height="16"
              aria-hidden="true"
            >
              <path
                fill="currentColor"
                d="M16 3l5 5-2 1-3 3v4l-2 2-3.5-3.5L5 20l-1-1 5.5-5.5L6 10l2-2h4l3-3z"
              />
            </svg>
          </button>
        )}
      </Show>
      <span class="chip-label">{props.label}</span>
      <Show when={props.tokens !== null}>
        <span class="chip-tokens">{t('chips.tokens', { tokens: props.tokens ?? 0 })}</span>
      </Show>
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
