/**
 * Spanish, the default language. Every user-visible string lives here; `en.ts`
 * must have the same keys. `{name}` placeholders are filled by `t(key, params)`.
 */
export const es = {
  'app.title': 'SOMA',
  'app.skipToContent': 'Saltar al contenido',
  'app.crashed': 'Algo falló al mostrar esta pantalla.',
  'app.reload': 'Recargar',
  'app.loading': 'Cargando…',

  'lang.switch': 'EN: cambiar el idioma a inglés (English)',
  'lang.label': 'EN',

  'login.title': 'SOMA necesita el enlace de inicio',
  'login.explain':
    'Por seguridad, SOMA solo se abre con el enlace que se imprime en la terminal donde se inició SOMA (npm start).',
  'login.how':
    'Copia ese enlace (empieza por http://127.0.0.1:4317/#login=) y ábrelo en este navegador.',
  'login.restart': 'Si ya no lo tienes, reinicia SOMA: al arrancar imprime un enlace nuevo.',
  'login.invalidToken': 'El enlace que abriste ya se usó o es antiguo.',
  'login.retry': 'Comprobar de nuevo',

  'banner.retry': 'Reintentar',
  'banner.autoRetry': 'Se reintentará solo en unos segundos.',
  'banner.dismiss': 'Cerrar aviso',

  'events.reconnecting': 'reconectando…',

  'tree.label': 'Bóveda',
  'tree.toggle': 'Mostrar u ocultar la bóveda',
  'tree.empty': 'La bóveda está vacía.',
  'tree.loading': 'Cargando la bóveda…',
  'tree.reason.binary': 'No se puede abrir: es un archivo binario.',
  'tree.reason.not_utf8': 'No se puede abrir: el texto no está en UTF-8.',
  'tree.reason.too_large': 'No se puede abrir: el archivo es demasiado grande.',
  'tree.reason.not_markdown': 'No se puede abrir: no es una nota Markdown.',

  'home.title': 'Bienvenida a SOMA',
  'home.hint': 'Elige una nota de la bóveda para leerla.',
  'home.vault': 'Bóveda: {name}',

  'note.loading': 'Cargando la nota…',
  'note.gone': 'Esta nota ya no existe: se borró o se renombró.',
  'note.goneHint': 'Elige otra nota en la bóveda.',
  'note.frontMatter': 'Propiedades',
  'note.tags': 'Etiquetas',
  'note.frontMatterError': 'Las propiedades (front matter) no son YAML válido: {message}',
  'note.path': 'Ruta',
  'note.renderFailed': 'No se pudo mostrar el contenido de la nota.',
  'note.missingLink': 'La nota no existe',
  'note.remoteImage': '[imagen remota bloqueada: {url}]',

  'error.network': 'No se puede contactar con el servidor de SOMA. ¿Sigue en marcha?',
  'error.no_session': 'No hay una sesión abierta en este navegador.',
  'error.invalid_token': 'El enlace de inicio ya se usó o es antiguo.',
  'error.rate_limited': 'Demasiados intentos. Espera un momento y vuelve a probar.',
  'error.not_found': 'No se encontró lo que buscabas.',
  'error.not_a_note': 'Ese archivo no es una nota que SOMA pueda abrir.',
  'error.invalid_path': 'La ruta no es válida.',
  'error.forbidden_origin': 'Petición rechazada: no viene de la página de SOMA.',
  'error.forbidden_host': 'Petición rechazada: la dirección no es la de SOMA.',
  'error.bad_request': 'La petición no es válida.',
  'error.unknown_profile': 'Ese perfil no existe en el harness.',
  'error.unknown_project': 'Ese proyecto no existe en 03_Proyectos.',
  'error.no_closing': 'Todavía no hay ningún cierre de sesión guardado.',
  'error.internal': 'El servidor de SOMA tuvo un error interno.',
  'error.bad_answer': 'El servidor respondió algo inesperado.',
  'error.unknown': 'Algo salió mal.',
} as const;

/** The dictionary shape: every language provides the same keys as `es`. */
export type Messages = { readonly [K in keyof typeof es]: string };
export type MessageKey = keyof Messages;
