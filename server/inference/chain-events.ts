import type { ChatEvent } from '../../common/chat-schemas.ts';
import type { Provider } from '../../harness/schema.ts';
import type { UpstreamFetch } from '../upstream/http-fetch.ts';

/**
 * What the chain yields: the chat stream's events without `meta` (the route
 * adds it), plus `start`, always first unless there is no usable link, naming
 * the link tried first. Missing keys are skipped before it, so the route
 * cannot compute it alone.
 */
export type ChainEvent =
  | Exclude<ChatEvent, { type: 'meta' }>
  | { type: 'start'; provider: string; model: string };

/** What one answer through the chain needs: the links, the messages, and how to reach them. */
export interface StreamChatArgs {
  providers: Provider[];
  messages: { role: 'system' | 'user' | 'assistant'; content: string }[];
  /** Where `apiKeyEnv` names are looked up (process.env in production). */
  env: Record<string, string | undefined>;
  /** Aborting stops the upstream request at once and ends the stream without another event. */
  signal: AbortSignal;
  /** Instead of httpFetch (node:http): tests, and the web search, which reads the answer twice. */
  fetch?: UpstreamFetch;
  /** Milliseconds, for ttft and total times. */
  clock?: () => number;
  maxTokens?: number;
}
