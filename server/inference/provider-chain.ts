import type { LinkFailed } from '../../common/notice-schemas.ts';
import { providerKey } from '../upstream/provider-key.ts';
import type { ChainEvent, StreamChatArgs } from './chain-events.ts';
import { type Link, linkName } from './link-answer.ts';
import { failureText, noProviderMessage } from './map-upstream-failure.ts';
import { streamLink } from './stream-link.ts';

// Callers import the chain's types with the chain; they live apart so stream-link can use them too.
export type { ChainEvent, StreamChatArgs } from './chain-events.ts';

/**
 * The model chain: every (provider, model) pair of the harness, tried in order
 * until one streams an answer. A link fails over only before its first token;
 * once text has reached the user the answer stays with that link, and a later
 * failure ends it as a partial answer.
 */

/**
 * Streams one answer through the chain. Never throws for upstream trouble:
 * each failure is a `fallback` (before text) or an `error` event, and a
 * successful answer ends with `done`. Keys never appear in any event.
 */
export async function* streamChat(args: StreamChatArgs): AsyncGenerator<ChainEvent> {
  const links: Link[] = [];
  const failures: LinkFailed[] = [];
  for (const provider of args.providers) {
    const key = providerKey(provider, args.env);
    // Skipped quietly: a fallback on every turn for a key the user never set would be noise.
    if (key.kind === 'missing') {
      const failure = { code: 'missing_key' as const, params: { env: key.env } };
      failures.push({ link: provider.label, failure });
      continue;
    }
    const secret = key.kind === 'set' ? key.key : null;
    for (const model of provider.models) links.push({ provider, model, key: secret });
  }
  if (links.length === 0) {
    yield {
      type: 'error',
      code: 'no_provider',
      message: noProviderMessage(args.providers),
      partial: false,
    };
    return;
  }
  if (args.signal.aborted) return;
  const secrets = links.flatMap((l) => (l.key ? [l.key] : []));
  yield { type: 'start', provider: links[0]!.provider.id, model: links[0]!.model };
  for (const [i, link] of links.entries()) {
    if (args.signal.aborted) return;
    const result = yield* streamLink(link, args, secrets);
    if (result.kind === 'end') return;
    const { failure } = result;
    failures.push({ link: linkName(link), failure });
    const next = links[i + 1];
    if (next) {
      const from = { provider: link.provider.id, model: link.model };
      const to = { provider: next.provider.id, model: next.model };
      const message = `${linkName(link)}: ${failureText(failure)}. Pruebo con ${linkName(next)}.`;
      yield { type: 'fallback', from, to, reason: result.reason, failure, message };
    } else {
      const lines = failures.map((f) => `- ${f.link}: ${failureText(f.failure)}`);
      const message = `Ningún proveedor pudo contestar:\n${lines.join('\n')}`;
      yield { type: 'error', code: 'all_failed', message, partial: false, failures };
    }
  }
}
