import { COMMANDS } from '../common/commands.ts';
import { foldText } from '../common/fold-text.ts';

const USAGE = `Uso: soma "pregunta" [opciones]

Habla con el SOMA que corre en este equipo (npm start). Cada escritura en la bóveda
se pregunta aquí, [S/n], y se confirma como en la app.

`;

const EXTRA = `
  --json                 eventos JSON, uno por línea (para scripts)
  --si, --yes            sin terminal (tubería, cron): aprueba lo que proponga esta ejecución
  --historial RUTA       las escrituras de SOMA en esa nota, la más reciente primero
  --historial RUTA --restaurar N
                         propone volver a como estaba antes de la escritura N (1: la última),
                         o a la versión que empieza por N; se pregunta [S/n] como toda escritura
  --conversaciones, --cvs, --conversations
                         lista las conversaciones de todos tus dispositivos
  --conversacion, --cnv, --conversation ID
                         continúa esa conversación (la del navegador, la del móvil…)
  --conversacion ID --reiniciar
                         la borra en todos los dispositivos y sigue en una nueva

Ejemplos:
  soma "¿Qué dice mi nota sobre la memoria?" --buscar memoria
  cat borrador.txt | soma "Corrige el estilo" --conectar
  soma "Resume el capítulo" --unir "03_Proyectos/Tesis/cap2.md" --guardar
  soma --cerrar
  soma --conversacion 0b7c… "¿Y el segundo punto?"
`;

function flagsOf(c: (typeof COMMANDS)[number]): string {
  const names = [...new Set([c.es, c.alias, c.en])].map((n) => `--${n}`).join(', ');
  if (c.id === 'conectar' || c.id === 'guardar' || !c.argName) return names;
  // An optional value is shown in brackets: without it the flag still does something.
  const arg = c.arg === 'optional' ? ` [${c.argName.es}]` : ` ${c.argName.es}`;
  return `${names}${arg}`;
}

/** `--ayuda`: the seed's flag table; `--ayuda buscar` shows one command. */
export function helpText(command?: string): string {
  const wanted = command ? foldText(command.replace(/^(--|\/)/, '')) : null;
  const one = wanted
    ? COMMANDS.find((c) => [c.es, c.alias, c.en].some((n) => foldText(n) === wanted))
    : undefined;
  if (one) return `${flagsOf(one)}\n  ${one.description.es}\n  En la app: ${one.example}\n`;
  const rows = COMMANDS.map((c) => `  ${flagsOf(c).padEnd(40)} ${c.description.es}`);
  return `${USAGE}${rows.join('\n')}\n${EXTRA}`;
}
