import { createEffect, createSignal, Match, on, onCleanup, Show, Switch } from 'solid-js';
import type { PairingView } from '../../common/pairing-schemas.ts';
import { describeError } from '../i18n/describe-error.ts';
import { useStores } from '../state/use-stores.ts';
import { createPairing, decidePairing, getPairing } from './pairing-api.ts';
import { QrImage } from './qr-image.tsx';

/** How often the laptop asks whether the phone has claimed the code. */
const POLL_MS = 1000;

/**
 * "Añadir un móvil": the QR code and link, then the approval of the phone that claimed it.
 * `onPaired` runs once the phone has taken its session, so a device list can show it.
 */
export function AddDevice(props: { onPaired?: () => void }) {
  const t = useStores().i18n.t;
  const [link, setLink] = createSignal<{ id: string; url: string } | null>(null);
  const [view, setView] = createSignal<PairingView | null>(null);
  const [error, setError] = createSignal<unknown>(null);
  let timer: ReturnType<typeof setInterval> | undefined;
  const stop = () => clearInterval(timer);
  onCleanup(stop);

  const poll = async (id: string) => {
    try {
      const next = await getPairing(id);
      setView(next);
      // An approved phone has no session until it collects it (`done`): keep asking till then.
      if (!['open', 'pending', 'approved'].includes(next.status)) stop();
      if (next.status === 'done') props.onPaired?.();
    } catch (e) {
      setError(e);
      stop();
    }
  };
  const start = async () => {
    stop();
    setError(null);
    setView(null);
    try {
      const created = await createPairing();
      setLink({ id: created.id, url: created.url });
      timer = setInterval(() => void poll(created.id), POLL_MS);
    } catch (e) {
      setError(e);
    }
  };
  const decide = async (approve: boolean) => {
    const id = link()?.id;
    if (!id) return;
    await decidePairing(id, approve).catch(setError);
    await poll(id);
  };

  // The code expires in two minutes: the QR, then the phone's request, must not wait
  // below the fold for someone to scroll to them.
  let stage: HTMLDivElement | undefined;
  createEffect(
    on([link, () => view()?.status], ([shown]) => {
      if (!shown) return;
      queueMicrotask(() => {
        const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
        stage?.scrollIntoView({ block: 'nearest', behavior: reduce ? 'auto' : 'smooth' });
      });
    }),
  );

  return (
    <section class="add-device" aria-live="polite">
      <button type="button" class="button" data-testid="add-device" onClick={() => void start()}>
        {t('pairing.add')}
      </button>
      <Show when={error()}>
        <p class="notice notice-error" role="alert">
          {describeError(error(), t)}
        </p>
      </Show>
      <Show when={link() && !error()}>
        <div ref={stage} class="pairing-stage" data-testid="pairing-stage">
          <Switch>
            <Match when={view()?.status === 'pending'}>
              <p class="pairing-ask" data-testid="pairing-ask">
                {t('pairing.ask', { name: view()?.name ?? '' })}
              </p>
              <button type="button" class="button" onClick={() => void decide(true)}>
                {t('pairing.approve')}
              </button>{' '}
              <button type="button" class="button button-quiet" onClick={() => void decide(false)}>
                {t('pairing.reject')}
              </button>
            </Match>
            <Match when={view()?.status === 'approved' || view()?.status === 'done'}>
              <p class="notice" role="status">
                {t('pairing.approved')}
              </p>
            </Match>
            <Match when={view()?.status === 'rejected'}>
              <p class="notice" role="status">
                {t('pairing.rejected')}
              </p>
            </Match>
            <Match when={view()?.status === 'expired'}>
              <p class="notice notice-warning" role="status">
                {t('pairing.expired')}
              </p>
            </Match>
            <Match when={true}>
              <p>{t('pairing.scan')}</p>
              <QrImage text={link()?.url ?? ''} label={t('pairing.qr')} />
              <p>
                <code class="pairing-url" data-testid="pairing-url">
                  {link()?.url}
                </code>
              </p>
            </Match>
          </Switch>
        </div>
      </Show>
    </section>
  );
}
