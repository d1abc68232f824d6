import type { JSX } from 'solid-js';
import { useStores } from '../state/use-stores.ts';

/**
 * A button that asks the embeddings store to do something: off while the store is busy with
 * an earlier request, so a second click never sends a second one.
 */
export function EmbedButton(props: {
  testid: string;
  /** A secondary action, drawn quieter. */
  quiet?: boolean;
  run: () => Promise<unknown>;
  children: JSX.Element;
}) {
  const embeddings = useStores().embeddings;
  return (
    <button
      type="button"
      class="button"
      classList={{ 'button-quiet': props.quiet === true }}
      data-testid={props.testid}
      disabled={embeddings.busy()}
      onClick={() => void props.run()}
    >
      {props.children}
    </button>
  );
}
