import { test as base, expect } from '@playwright/test';
import { type RunningSoma, startSoma } from './soma-server.ts';

/** A small vault with links, a missing link and a folder, used by most tests. */
export const sampleNotes: Record<string, string> = {
  '03_Proyectos/Tesis.md':
    '---\ntags: [tesis, memoria]\n---\n# Tesis\n\nLa tesis trata de la [[Memoria activa]] y de [[Nota inexistente]].\n',
  '01_Caracter/Memoria activa.md': '# Memoria activa\n\nVuelve a la [[Tesis|tesis]].\n',
  '04_Sueños/Sueño del faro.md': '# Sueño del faro\n\nUn faro en la niebla.\n',
};

export const test = base.extend<{ soma: RunningSoma }>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their dependencies by destructuring.
  soma: async ({}, use) => {
    const soma = await startSoma(sampleNotes);
    await use(soma);
    await soma.stop();
  },
});

export { expect };
