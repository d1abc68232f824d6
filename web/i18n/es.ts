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
  'error.proposal_expired': 'La propuesta caducó: pide una nueva.',
  'error.proposal_used': 'Esa propuesta ya se usó o ya no existe.',
  'error.bad_signature': 'La firma de la propuesta no es válida.',
  'error.wrong_session': 'Esa propuesta pertenece a otra sesión.',
  'error.file_changed':
    'El archivo cambió desde la propuesta: revisa los cambios y propón de nuevo.',
  'error.overwrite_required': 'Sobrescribir un archivo existente necesita tu aprobación explícita.',
  'error.url_refused':
    'SOMA no abre esa dirección: solo páginas públicas http:// o https://, nunca tu ordenador ni tu red local.',
  'error.fetch_failed': 'No se pudo descargar la página.',
  'error.unsupported_type': 'SOMA solo extrae páginas HTML, texto y Markdown (los PDF todavía no).',
  'error.too_large': 'La página es demasiado grande para extraerla.',
  'error.timeout': 'La página tardó demasiado en responder.',
  'error.no_search_provider':
    'No hay un proveedor con búsqueda web configurado. Puedes usar /extraer URL con una página concreta.',
  'error.search_failed': 'La búsqueda web no pudo completarse.',
  'error.internal': 'El servidor de SOMA tuvo un error interno.',
  'error.bad_answer': 'El servidor respondió algo inesperado.',
  'error.unknown': 'Algo salió mal.',

  'chat.back': '← Volver a la conversación',
  'chat.untitled': 'Conversación nueva',
  'chat.new': 'Nueva conversación',
  'chat.history': 'Conversaciones',
  'chat.profile': 'Perfil: {label}',
  'chat.profileHint': 'Cámbialo con /modo PERFIL',
  'chat.log': 'Conversación',
  'chat.empty':
    'Escribe un mensaje para empezar. Con /unir adjuntas notas, con /buscar buscas en la bóveda y con /ayuda ves todos los comandos.',
  'chat.you': 'Tú',
  'chat.soma': 'SOMA',
  'chat.summary': 'Resumen de la conversación',
  'chat.attached': 'Adjuntos',
  'chat.waiting': 'Esperando la respuesta…',
  'chat.cut': 'Respuesta cortada.',
  'chat.stopped': 'Respuesta detenida: se guardó el texto recibido hasta ese momento.',

  'composer.label': 'Mensaje o comando',
  'composer.placeholder': 'Escribe un mensaje o un comando (/ayuda)…',
  'composer.send': 'Enviar',
  'composer.stop': 'Detener',
  'composer.attachFile': 'Adjuntar archivo',
  'composer.suggestions': 'Notas que coinciden',

  'chips.label': 'Se enviará con el próximo mensaje',
  'chips.remove': 'Quitar {label}',
  'chip.paste': 'Texto pegado ({chars} caracteres)',
  'chip.file': 'Archivo {name} ({chars} caracteres)',
  'chip.search': 'Búsqueda «{query}» ({count} notas)',
  'chip.recall': 'Último cierre: {file}',
  'chip.project': 'Proyecto: {name}',

  'panel.close': 'Cerrar',

  'command.unknown': 'Comando desconocido: /{name}. ¿Quisiste decir {suggestion}?',
  'command.unknownNoSuggestion':
    'Comando desconocido: /{name}. Escribe /ayuda para ver los comandos.',
  'command.missing': 'A este comando le falta algo. Uso: {usage}',
  'command.unexpected': 'Este comando no lleva nada detrás. Uso: {usage}',
  'command.later':
    '{name} llega en un paso posterior de SOMA; por ahora no hace nada y no se envió nada.',
  'command.noContext':
    'Todavía no se pudo leer la configuración del chat. Inténtalo de nuevo en un momento.',
  'command.noManifest': 'No se pudo leer la lista de notas de la bóveda. Inténtalo de nuevo.',
  'command.unknownNote': 'No encuentro la nota «{name}». Parecidas: {list}.',
  'command.unknownNoteNone': 'No encuentro la nota «{name}» en la bóveda.',
  'command.profiles': 'Perfiles disponibles: {list}. Cámbialo con /modo PERFIL.',
  'command.profileSet': 'Perfil activo: {id}.',
  'command.unknownProfile': 'No existe el perfil «{name}». Perfiles: {list}.',
  'command.projects': 'Proyectos en 03_Proyectos/: {list}. Elige uno con /proyecto NOMBRE.',
  'command.noProjects': 'No hay proyectos en 03_Proyectos/ todavía.',
  'command.unknownProject': 'No existe el proyecto «{name}». Proyectos: {list}.',
  'command.unknownProjectNone': 'No existe el proyecto «{name}»: 03_Proyectos/ está vacía.',
  'command.noClosing':
    'Todavía no hay ningún cierre de sesión en 02_Conciencia/sesiones/, así que no hay nada que recordar.',
  'command.tooLong': 'El texto es demasiado largo para adjuntarlo.',
  'file.tooLarge': 'El archivo {name} es demasiado grande para adjuntarlo.',

  'help.title': 'Comandos',
  'help.command': 'Comando',
  'help.alias': 'Alias',
  'help.english': 'En inglés',
  'help.does': 'Qué hace',
  'help.example': 'Ejemplo',
  'help.escape': 'Para enviar un texto que empieza por /, escribe //.',

  'search.box': 'Buscar en la bóveda',
  'search.heading': 'Buscar',
  'search.hint': 'Escribe para buscar: sin tildes, en plural o con alguna errata también vale.',
  'search.count': '{count} notas · {ms} ms',
  'search.folder': 'Carpeta',
  'search.allFolders': 'Todas las carpetas',
  'search.tag': 'Etiqueta',
  'search.syncing': 'sincronizando {done}/{total}',
  'search.title': 'Resultados para «{query}»',
  'search.loading': 'Buscando en la bóveda…',
  'search.failed': 'No se pudo buscar en la bóveda.',
  'search.none': 'Ninguna nota coincide.',
  'search.attach': 'Adjuntar seleccionadas ({count})',

  'paste.title': 'Pega aquí el texto que quieres adjuntar',
  'paste.attach': 'Adjuntar texto',
  'paste.cancel': 'Cancelar',

  'reset.title': '¿Borrar el historial de esta conversación?',
  'reset.explain':
    'Se borrarán todos los mensajes de esta conversación en este navegador. La bóveda no cambia.',
  'reset.confirm': 'Borrar historial',
  'reset.cancel': 'Cancelar',

  'noProvider.title': 'SOMA todavía no tiene ningún proveedor de modelos configurado.',
  'noProvider.keys':
    'Para conversar, define GROQ_API_KEY u OPENROUTER_API_KEY en el entorno antes de npm start (por ejemplo: GROQ_API_KEY=… npm start).',
  'noProvider.local':
    'También puedes añadir un servidor local (Ollama, llama.cpp) a la lista providers del harness. Mientras tanto puedes leer y buscar en la bóveda.',

  'details.ttft': 'primera palabra en {s} s',
  'details.tokens': '{in} tokens de entrada, {out} de salida',
  'details.fallback': '{from}: {reason} → se pasó a {to}',
  'details.sent': 'Lo que se envió ({count})',
  'reason.rate_limited': 'límite de peticiones (429)',
  'reason.upstream_error': 'error del servidor',
  'reason.timeout': 'no respondió a tiempo',
  'reason.connection': 'sin conexión',
  'reason.bad_response': 'respuesta no válida',
  'reason.no_key': 'falta la clave',
  'reason.other': 'falló',
  'sent.nothing': 'Solo el mensaje.',
  'sent.chars': '{chars} caracteres',
  'sent.cut': '(se cortaron {chars})',
  'sent.droppedTurns': 'Se dejaron fuera {count} turnos antiguos para no pasar del límite.',
  'sent.kind.note': 'Nota',
  'sent.kind.paste': 'Texto pegado',
  'sent.kind.file': 'Archivo',
  'sent.kind.url': 'Página',
  'sent.kind.web': 'Búsqueda web',
  'sent.kind.search': 'Búsqueda',
  'sent.kind.project': 'Proyecto',
  'sent.kind.recall': 'Último cierre',
  'sent.kind.history': 'Historial',

  'chatError.network': 'Se perdió la conexión con SOMA mientras llegaba la respuesta.',
  'chatError.bad_event': 'Llegó un fragmento de respuesta ilegible; la respuesta se detuvo ahí.',
} as const;

/** The dictionary shape: every language provides the same keys as `es`. */
export type Messages = { readonly [K in keyof typeof es]: string };
export type MessageKey = keyof Messages;
