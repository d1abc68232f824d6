import type { ChatEvent } from '../../common/chat-schemas.ts';
import type { TurnMeta, TurnRecord } from '../db/records.ts';

const emptyMeta = (): TurnMeta => ({
  sent: [],
  notices: [],
  droppedTurns: 0,
  provider: '',
  model: '',
  fallbacks: [],
  ttftMs: null,
  totalMs: null,
  usage: null,
});

/** Folds one stream event into the assistant turn it belongs to (pure: returns a new turn). */
export function applyChatEvent(turn: TurnRecord, event: ChatEvent): TurnRecord {
  const meta = turn.meta ?? emptyMeta();
  switch (event.type) {
    case 'meta':
      return {
        ...turn,
        meta: {
          ...meta,
          sent: event.sent,
          ...(event.parts ? { parts: event.parts } : {}),
          promptChars: event.promptChars,
          ...(event.contextTokens ? { contextTokens: event.contextTokens } : {}),
          notices: event.noticeCodes,
          droppedTurns: event.droppedTurns,
          provider: event.provider,
          model: event.model,
        },
      };
    case 'delta':
      return { ...turn, content: turn.content + event.text };
    case 'fallback':
      return {
        ...turn,
        meta: {
          ...meta,
          provider: event.to.provider,
          model: event.to.model,
          fallbacks: [...meta.fallbacks, { ...event }],
        },
      };
    case 'error': {
      // Text already shown is kept: the answer is cut, not lost.
      const cut = event.partial || turn.content !== '';
      const { code, message, failures } = event;
      const error = failures ? { code, message, failures } : { code, message };
      return { ...turn, status: cut ? 'cut' : 'error', error };
    }
    case 'done':
      return {
        ...turn,
        status: 'complete',
        meta: {
          ...meta,
          provider: event.provider,
          model: event.model,
          ttftMs: event.ttftMs,
          totalMs: event.totalMs,
          usage: event.usage,
        },
      };
  }
}
