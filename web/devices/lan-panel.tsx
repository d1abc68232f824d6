import { createResource, For, Show } from 'solid-js';
import { AddDevice } from '../pairing/add-device.tsx';
import { getLanInfo } from '../pairing/pairing-api.ts';
import { useStores } from '../state/use-stores.ts';

/**
 * The laptop's LAN box: addresses, the authority to install (fingerprint, download,
 * Android and iOS steps) and "add a phone". The server answers it only on the laptop
 * itself, so on a phone the box stays hidden. `onPaired` runs when a phone has paired.
 */
export function LanPanel(props: { onPaired?: () => void }) {
  const t = useStores().i18n.t;
  const steps = (os: 'android' | 'ios') => ([1, 2, 3] as const).map((n) => t(`lan.${os}.${n}`));
  const [info] = createResource(() => getLanInfo().catch(() => null));
  return (
    <Show when={info()}>
      {(lan) => (
        <section class="lan-panel" aria-labelledby="lan-title">
          <h2 id="lan-title">{t('lan.title')}</h2>
          <Show when={lan().enabled} fallback={<p class="muted">{t('lan.off')}</p>}>
            <p>{t('lan.urls')}</p>
            <ul>
              <For each={lan().urls}>
                {(url) => (
                  <li>
                    <code>{url}</code>
                  </li>
                )}
              </For>
            </ul>
            <p>{t('lan.fingerprint')}</p>
            <p>
              <code class="fingerprint" data-testid="ca-fingerprint">
                {lan().caFingerprintSha256}
              </code>
            </p>
            <p>
              <a class="button button-quiet" href={lan().caDownload} download="soma-ca.crt">
                {t('lan.download')}
              </a>
            </p>
            <For each={[steps('android'), steps('ios')]}>
              {(list) => (
                <ol class="lan-steps">
                  <For each={list}>{(step) => <li>{step}</li>}</For>
                </ol>
              )}
            </For>
            <AddDevice onPaired={props.onPaired} />
          </Show>
        </section>
      )}
    </Show>
  );
}
