import { useStores } from '../app/store-context.tsx';

/**
 * The offline screen's own words, loaded with it rather than with the first page's
 * dictionary (web/i18n), which the first page's JavaScript budget has no room for.
 */
const es = {
  closings: 'Cierres de sesión y notas guardados',
  none: 'No hay nada guardado en este dispositivo.',
  filter: 'Buscar en las notas guardadas',
  notCached: 'Esta nota no está guardada en este dispositivo.',
} as const;

const en: Record<keyof typeof es, string> = {
  closings: 'Saved session closings and notes',
  none: 'Nothing is saved on this device.',
  filter: 'Search saved notes',
  notCached: 'This note is not saved on this device.',
};

/** `w(key)` for the offline screen, following the app's language. */
export function useOfflineWords() {
  const i18n = useStores().i18n;
  return (key: keyof typeof es): string => (i18n.locale() === 'en' ? en : es)[key];
}
