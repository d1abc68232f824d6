import { wordPart } from './word-part.ts';

/** The words of the long-term (embeddings) layer: its panel, the model setup, the search chip. Only pages that show it load them. */
export const embedEs = {
  'embed.title': 'Búsqueda semántica',
  'embed.intro':
    'Encuentra notas por lo que dicen, no solo por sus palabras: cada nota se convierte en vectores en este portátil y la búsqueda los combina con la de palabras.',
  'embed.off.other': 'O con Ollama u otro servicio',
  'embed.off.explain':
    'Está apagada: SOMA busca solo por palabras. Para encenderla, añade esta sección al arnés ({file}) y guárdalo: SOMA la aplica sin reiniciarse (con Ollama en este portátil, antes: ollama pull nomic-embed-text).',
  'embed.off.readme':
    'Paso a paso (Ollama o el modelo ONNX sin servidor), qué sale de la máquina y lo que cuesta en un portátil modesto: README.md, sección «Búsqueda semántica».',
  'embed.embedder': 'Modelo',
  'embed.kind.endpoint': 'servicio compatible con OpenAI',
  'embed.kind.onnx': 'modelo ONNX dentro de SOMA',
  'embed.kind.test': 'embebedor de prueba, sin modelo',
  'embed.endpoint': 'Dirección',
  'embed.local.yes': 'En esta máquina: ningún texto sale de ella.',
  'embed.local.no': 'Fuera de esta máquina: el texto de las notas se envía a este servicio.',
  'embed.state': 'Estado',
  'embed.state.off': 'apagada en el arnés',
  'embed.state.paused': 'en pausa: no se calcula ni se envía nada',
  'embed.state.waiting_consent': 'esperando tu permiso',
  'embed.state.embedding': 'calculando',
  'embed.state.idle': 'al día',
  'embed.state.failing': 'con errores, reintentando',
  'embed.progress': '{done} de {total} notas · {chunks} fragmentos',
  'embed.lastError': 'Último error: {text}',
  'embed.failing.title': 'La búsqueda semántica está fallando',
  'embed.failing.lexical':
    'La búsqueda por palabras sigue funcionando, y los vectores ya calculados se conservan.',
  'embed.failing.fix.endpoint':
    'Qué hacer: comprueba que el servicio de {endpoint} está en marcha y tiene el modelo {model} (con Ollama: ollama pull {model}), y que «dimensions» en el arnés es la del modelo.',
  'embed.failing.fix.onnx':
    'Qué hacer: comprueba la carpeta del modelo («modelDir» en el arnés) y los paquetes que pide el error.',
  'embed.failing.fix.test': 'Qué hacer: revisa la sección «embeddings» del arnés.',
  'embed.failing.retry':
    'SOMA reintenta solo, cada vez más espaciado; cuando lo hayas corregido, reintenta ahora.',
  'embed.failing.restart':
    'Esto se comprueba al arrancar la capa: corrígelo en el arnés y guárdalo (o reinicia SOMA).',
  'embed.retry': 'Reintentar ahora',
  'embed.counters': 'Desde que arrancó SOMA',
  'embed.counters.requests': 'Peticiones',
  'embed.counters.notes': 'Notas',
  'embed.counters.chunks': 'Fragmentos',
  'embed.counters.characters': 'Caracteres',
  'embed.counters.failures': 'Fallos',
  'embed.counters.charactersSent': 'Caracteres enviados fuera de la máquina',
  'embed.switch.off': 'Desactivar',
  'embed.switch.on': 'Activar',
  'embed.switch.help':
    'Desactivar pone la búsqueda semántica en pausa: no se calcula ni se envía nada y la búsqueda es solo por palabras; los vectores guardados se quedan. Al activarla sigue donde estaba, sin recalcular lo que no cambió.',
  'embed.revoke': 'Retirar el permiso',
  'embed.revoke.help':
    'Retirar el permiso deja de enviar texto a {endpoint} (ni notas ni búsquedas) hasta que lo vuelvas a dar; los vectores ya calculados se quedan en este portátil.',
  'embed.consent.open': 'Decidir sobre el envío…',
  'embed.consent.title': '¿Enviar tus notas a este servicio?',
  'embed.consent.body':
    'Para la búsqueda semántica, SOMA enviaría el texto de {notes} notas ({characters} caracteres) a {endpoint}, modelo {model}. Ese texto sale de esta máquina.',
  'embed.consent.after':
    'Después se envían también las notas nuevas o cambiadas y el texto de cada búsqueda semántica. Puedes retirar el permiso cuando quieras.',
  'embed.consent.yes': 'Sí, enviar',
  'embed.consent.no': 'No',
  'embed.consent.declined': 'No se ha enviado nada. La búsqueda sigue solo por palabras.',
  'embed.chip.semantic': 'Búsqueda semántica: {done} de {total} notas',
  'embed.chip.lexical': 'Búsqueda solo por palabras',
  'embed.chip.paused': 'Búsqueda semántica en pausa: solo por palabras',
  'embed.chip.consent': 'Solo por palabras: la búsqueda semántica espera tu permiso',
  'embed.chip.failing': 'Búsqueda semántica con errores, solo por palabras: {problem}',
  'embed.problem.embeddings_off': 'Falta la sección «{section}» en el arnés.',
  'embed.problem.rate_limited':
    'El servicio pidió esperar (demasiadas peticiones); se reintenta solo.',
  'embed.problem.server_error': 'El servicio falló (HTTP {status}); se reintenta solo.',
  'embed.problem.timeout': 'El servicio no respondió en {ms} ms; se reintenta solo.',
  'embed.problem.unreachable': 'No se puede conectar con {endpoint}: ¿está en marcha?',
  'embed.problem.wrong_dimensions':
    'El modelo da vectores de {got} dimensiones y el arnés dice {expected}: corrige «dimensions».',
  'embed.problem.bad_vector':
    'El servicio devolvió un vector con valores no numéricos (NaN o infinito).',
  'embed.problem.count_mismatch': 'Se pidieron {expected} vectores y llegaron {got}.',
  'embed.problem.bad_response':
    'El servicio respondió algo que no se entiende (HTTP {status}): ¿la dirección acaba en /v1?',
  'embed.problem.key_missing':
    'Falta la clave: define la variable de entorno {env} y reinicia SOMA.',
  'embed.problem.onnx_runtime_missing':
    'El motor ONNX no se puede cargar. En la carpeta de SOMA, vuelve a instalar con: {install} (si sigue, este sistema no tiene su binario; usa Ollama u otro servicio).',
  'embed.problem.tokenizer_missing': 'Falta el tokenizador. Instálalo con: {install}',
  'embed.problem.model_dir_invalid.not_a_folder':
    'La carpeta del modelo {dir} no existe o no es una carpeta.',
  'embed.problem.model_dir_invalid.missing': 'Falta {file} en la carpeta del modelo {dir}.',
  'embed.problem.model_dir_invalid.size':
    '{file} en {dir} no tiene el tamaño esperado ({bytes} bytes): ¿una descarga a medias?',
  'embed.problem.model_dir_invalid.checksum':
    '{file} en {dir} no coincide con la suma SHA-256 publicada: descárgalo de nuevo.',
  'embed.problem.model_failed': 'El modelo falló: {reason}',
  'embed.model.title': 'Buscar por significado',
  'embed.model.explain':
    'Además de las palabras, SOMA puede buscar por lo que dicen tus notas: «automóvil» encuentra la nota sobre el coche. Para eso descarga una vez un modelo que funciona en este portátil.',
  'embed.model.name': 'Modelo',
  'embed.model.download': 'Descarga',
  'embed.model.downloadValue': '{size}, una sola vez',
  'embed.model.disk': 'En disco',
  'embed.model.diskValue': '{size} en la carpeta de configuración de SOMA, fuera de la bóveda',
  'embed.model.time': 'Calcular esta bóveda',
  'embed.model.timeValueOne':
    'unos {time} con 1 núcleo (~{chunks} fragmentos); puedes seguir usando SOMA mientras tanto',
  'embed.model.timeValue':
    'unos {time} con {cores} núcleos (~{chunks} fragmentos); puedes seguir usando SOMA mientras tanto',
  'embed.model.private':
    'El texto de tus notas nunca sale de este portátil: solo se descarga el modelo, y se calcula aquí.',
  'embed.model.start': 'Buscar por significado',
  'embed.model.phone':
    'La descarga del modelo y el uso del procesador se deciden en el portátil: abre SOMA allí.',
  'embed.model.downloading': '{done} de {total} · {rate}/s · quedan {left}',
  'embed.model.leftUnknown': 'calculando…',
  'embed.model.checking': 'Comprobando…',
  'embed.model.cancel': 'Cancelar',
  'embed.model.folder.open': 'Usar una carpeta',
  'embed.model.folder.label': 'Carpeta con el modelo (por ejemplo, en una memoria USB)',
  'embed.model.folder.help': 'Debe contener {files}. Se copian y se comprueban antes de usarlos.',
  'embed.model.folder.use': 'Instalar desde esta carpeta',
  'embed.model.problem.network':
    'No se pudo conectar con el servidor del modelo ({reason}). Comprueba la conexión y vuelve a intentarlo: la descarga sigue donde se quedó.',
  'embed.model.problem.http_status':
    'El servidor del modelo respondió con un error (HTTP {status}). Vuelve a intentarlo más tarde o usa una carpeta con el modelo.',
  'embed.model.problem.size':
    '{file} no tiene el tamaño esperado: está incompleto o es otro archivo. Vuelve a intentarlo.',
  'embed.model.problem.checksum':
    '{file} no coincide con su suma SHA-256: está dañado o es otra versión. Vuelve a intentarlo.',
  'embed.model.problem.disk_full':
    'No queda espacio en el disco ({path}). Libera espacio y vuelve a intentarlo.',
  'embed.model.problem.not_writable':
    'SOMA no puede escribir en {path}. Revisa los permisos de esa carpeta y vuelve a intentarlo.',
  'embed.model.problem.busy':
    'Ya se está instalando el modelo (quizá con «npm run model»). Espera a que termine.',
  'embed.model.problem.cancelled':
    'Descarga cancelada. Lo descargado se guarda: si vuelves a empezar, sigue donde se quedó.',
  'embed.model.problem.not_a_folder':
    '«{dir}» no existe o no es una carpeta. Escribe la ruta de la carpeta que contiene el modelo.',
  'embed.model.problem.missing':
    'Falta {file} en esa carpeta. Copia ahí los archivos del modelo y vuelve a intentarlo.',
  'embed.model.problem.removed':
    'La carpeta del modelo ({dir}) ya no está. La búsqueda sigue por palabras; descárgalo otra vez para buscar por significado (lo ya calculado se conserva).',
  'embed.model.problem.unexpected':
    'Algo falló al instalar el modelo ({reason}). Vuelve a intentarlo; si se repite, mira lo que dice el servidor.',
  'embed.budget.title': 'Procesador',
  'embed.budget.help':
    'Con 1 núcleo, el otro queda libre para el navegador y el chat; con 2, termina antes. Ahora usa {cores} de {max}.',
  'embed.budget.one': 'Usar 1 núcleo',
  'embed.budget.two': 'Usar 2 núcleos',
  'embed.duration.seconds': '{n} s',
  'embed.duration.minutes': '{n} min',
  'embed.duration.hours': '{h} h {m} min',
} as const;

/** The shape of these words: every language provides the same keys as `embedEs`. */
export type EmbedMessages = { readonly [K in keyof typeof embedEs]: string };
export type EmbedKey = keyof EmbedMessages;

/** These words as a part of the dictionary that loads apart from the main one. */
export const embedPart = wordPart(embedEs, async () => (await import('./embed-en.ts')).embedEn);
