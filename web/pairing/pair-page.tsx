import { createSignal, Match, onCleanup, Switch } from 'solid-js';
import { describeError } from '../i18n/describe-error.ts';
import { useStores } from '../state/use-stores.ts';
import { claimPairing, pairingOutcome } from './pairing-api.ts';

/** How often the phone asks whether the laptop has answered. */
const POLL_MS = 1000;

type Step =
  | { kind: 'form' }
  | { kind: 'waiting'; name: string }
  | { kind: 'done' }
  | { kind: 'failed'; error: unknown }
  | { kind: 'ended'; status: 'rejected' | 'expired' };

/** A guess at the phone's name from its User-Agent, which the user can change. */
function guessName(): string {
  const model = /Android [\d.]+; ([^;)]+)/.exec(navigator.userAgent)?.[1]?.trim();
  if (model && model !== 'K') return model;
  if (/iPhone/.test(navigator.userAgent)) return 'iPhone';
  return 'Móvil';
}

/**
 * `/pair#<code>`, the page the QR code opens on the phone. The code comes from the
 * fragment (never sent to the server in a URL, so never in a log or a Referer) and is
 * removed from the address bar at once. The phone names itself, then waits for the
 * laptop's approval; the session cookie comes with the approved answer.
 */
export default function PairPage() {
  const t = useStores().i18n.t;
  const code = location.hash.slice(1);
  history.replaceState(null, '', '/pair');
  const [step, setStep] = createSignal<Step>(
    code ? { kind: 'form' } : { kind: 'failed', error: null },
  );
  const [name, setName] = createSignal(guessName());
  let timer: ReturnType<typeof setInterval> | undefined;
  onCleanup(() => clearInterval(timer));

  const poll = async (claim: string) => {
    try {
      const status = await pairingOutcome(claim);
      if (status === 'pending') return;
      clearInterval(timer);
      if (status === 'approved') {
        setStep({ kind: 'done' });
        location.replace('/#/');
      } else setStep({ kind: 'ended', status: status === 'rejected' ? 'rejected' : 'expired' });
    } catch (error) {
      clearInterval(timer);
      setStep({ kind: 'failed', error });
    }
  };
  const submit = async (event: SubmitEvent) => {
    event.preventDefault();
    try {
      const answer = await claimPairing(code, name());
      setStep({ kind: 'waiting', name: name() });
      timer = setInterval(() => void poll(answer.claim), POLL_MS);
    } catch (error) {
      setStep({ kind: 'failed', error });
    }
  };

  return (
    <main id="main" class="pair-page login-required" data-testid="pair-page">
      <h1>{t('pair.title')}</h1>
      <div aria-live="polite">
        <Switch>
          <Match when={step().kind === 'form'}>
            <form onSubmit={(e) => void submit(e)}>
              <label for="pair-name">{t('pair.name')}</label>
              <input
                id="pair-name"
                class="pair-name text-field"
                value={name()}
                maxLength={60}
                required
                onInput={(e) => setName(e.currentTarget.value)}
              />
              <button type="submit" class="button">
                {t('pair.submit')}
              </button>
            </form>
          </Match>
          <Match when={step().kind === 'waiting'}>
            <p role="status" data-testid="pair-waiting">
              {t('pair.waiting', { name: name() })}
            </p>
          </Match>
          <Match when={step().kind === 'done'}>
            <p role="status">{t('pair.done')}</p>
          </Match>
          <Match when={step().kind === 'ended'}>
            <p class="notice notice-warning" role="alert">
              {t(
                (step() as { status: string }).status === 'rejected'
                  ? 'pairing.rejected'
                  : 'pairing.expired',
              )}
            </p>
          </Match>
          <Match when={step().kind === 'failed'}>
            <p class="notice notice-error" role="alert">
              {code ? describeError((step() as { error: unknown }).error, t) : t('pair.noCode')}
            </p>
          </Match>
        </Switch>
      </div>
      {/* Before trusting SOMA the phone installs its authority; compare the fingerprint on the laptop. */}
      <p>
        <a class="button button-quiet" href="/api/lan/ca.crt" download="soma-ca.crt">
          {t('lan.download')}
        </a>
      </p>
    </main>
  );
}
