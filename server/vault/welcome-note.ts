/** Path of the note written once into a brand-new vault. */
export const WELCOME_NOTE_PATH = '00_Entrada/Bienvenida.md';

/** The welcome note: plain Markdown, so it reads the same in SOMA, Obsidian or any editor. */
export const WELCOME_NOTE = `---
tipo: bienvenida
---
# Bienvenida a SOMA

SOMA es tu agente personal local: conversa contigo y trabaja sobre esta bóveda de notas.

- Tus notas son archivos Markdown normales en tu disco; puedes abrirlos también con Obsidian o con cualquier editor.
- SOMA nunca escribe nada en la bóveda sin que apruebes antes el cambio.
- Enlaza notas con corchetes dobles, por ejemplo [[Bienvenida]] o [[Bienvenida|esta nota]].
- Escribe \`/ayuda\` en el chat para ver los comandos disponibles.
`;
