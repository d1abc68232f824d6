import { For } from 'solid-js';
import { COMMANDS } from '../../common/commands.ts';
import { useStores } from '../app/store-context.tsx';
import { ClosePanelButton } from './close-panel-button.tsx';

/** The command table, rendered from the shared COMMANDS so it never drifts from the parser. */
export function HelpTable() {
  const stores = useStores();
  const t = stores.i18n.t;
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
            <For each={COMMANDS}>
              {(c) => (
                <tr>
                  <th scope="row">{`/${c.es}${c.argName ? ` ${c.argName[stores.i18n.locale()]}` : ''}`}</th>
                  <td>{`/${c.alias}`}</td>
                  <td>{`/${c.en}`}</td>
                  <td>{c.description[stores.i18n.locale()]}</td>
                  <td>
                    <code>{stores.i18n.locale() === 'en' ? c.exampleEn : c.example}</code>
                  </td>
                </tr>
              )}
            </For>
          </tbody>
        </table>
      </div>
      <p class="muted">{t('help.escape')}</p>
    </section>
  );
}
