import { For, Show } from 'solid-js';
import { COMMANDS } from '../../common/commands.ts';
import { useStores } from '../state/use-stores.ts';
import { ClosePanelButton } from './close-panel-button.tsx';

/**
 * The command table, rendered from the shared COMMANDS so it never drifts from the parser;
 * `/ayuda CMD` narrows it to that command's row.
 */
export function HelpTable(props: { only: string | null }) {
  const stores = useStores();
  const t = stores.i18n.t;
  const rows = () => (props.only ? COMMANDS.filter((c) => c.id === props.only) : COMMANDS);
  return (
    <section class="command-panel help" aria-label={t('help.title')}>
      <div class="panel-head">
        <h2>{t('help.title')}</h2>
        <ClosePanelButton />
      </div>
      <div class="table-scroll">
        <table class="help-table" data-testid="help-table">
          <thead>
            <tr>
              <th scope="col">{t('help.command')}</th>
              <th scope="col">{t('help.alias')}</th>
              <th scope="col">{t('help.english')}</th>
              <th scope="col">{t('help.does')}</th>
              <th scope="col">{t('help.example')}</th>
            </tr>
          </thead>
          <tbody>
            <For each={rows()}>
              {(c) => (
                <tr>
                  <th scope="row">{`/${c.es}${c.argName ? ` ${c.argName[stores.i18n.locale()]}` : ''}`}</th>
                  <td class="help-alias">{`/${c.alias}`}</td>
                  <td class="help-alias">{`/${c.en}`}</td>
                  <td class="help-does">{c.description[stores.i18n.locale()]}</td>
                  <td class="help-example">
                    <code>{stores.i18n.locale() === 'en' ? c.exampleEn : c.example}</code>
                  </td>
                </tr>
              )}
            </For>
          </tbody>
        </table>
      </div>
      <Show when={props.only} fallback={<p class="muted">{t('help.escape')}</p>}>
        <p class="muted">{t('help.all')}</p>
      </Show>
    </section>
  );
}
