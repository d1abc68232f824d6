/**
 * Every way a `soma` run can fail: its exit status (one per code, so scripts can tell
 * them apart) and what the terminal says, in Spanish. API codes come from docs/API.md;
 * the last group is the command's own. The README lists this table.
 */
export const EXIT: Record<string, { status: number; hint: string }> = {
  // The command line and the terminal (2–9).
  usage: { status: 2, hint: 'Revisa las opciones: soma --ayuda.' },
  no_stdin: {
    status: 3,
    hint: '--conectar lee una tubería: echo "texto" | soma "pregunta" --conectar.',
  },
  not_running: { status: 4, hint: 'Arranca SOMA con «npm start» en su carpeta y vuelve a probar.' },
  no_credentials: {
    status: 5,
    hint: 'Arranca SOMA una vez (npm start): escribe cli.json en su carpeta de configuración.',
  },
  unsafe_credentials: {
    status: 6,
    hint: 'cli.json debe ser tuyo y solo legible por ti: chmod 600 (o arranca SOMA, que lo rehace).',
  },
  // What was asked for (10–29).
  bad_request: { status: 10, hint: 'La petición no es válida.' },
  invalid_path: { status: 11, hint: 'Usa una ruta dentro de la bóveda, sin carpetas ocultas.' },
  not_found: { status: 12, hint: 'Comprueba el nombre o la ruta de la nota.' },
  not_a_note: { status: 13, hint: 'Solo se adjuntan notas de texto (Markdown).' },
  unknown_profile: {
    status: 14,
    hint: 'Los perfiles están en el arnés: soma --modo sin nombre los lista.',
  },
  unknown_project: {
    status: 15,
    hint: 'Los proyectos son carpetas o notas de 03_Proyectos/: soma --proyecto sin nombre los lista.',
  },
  no_closing: { status: 16, hint: 'Aún no hay cierres: soma --cerrar escribe el primero.' },
  url_refused: { status: 17, hint: 'Esa dirección no se puede leer (red local o no pública).' },
  unsupported_type: { status: 18, hint: 'Solo páginas HTML o texto.' },
  too_large: { status: 19, hint: 'La página es demasiado grande.' },
  fetch_failed: { status: 20, hint: 'No se pudo descargar la página.' },
  unsupported_media_type: { status: 21, hint: 'SOMA solo acepta cuerpos JSON.' },
  already_remembered: { status: 22, hint: 'Esa frase ya está en tu nota de contexto.' },
  // Sessions and the server's guards (30–39).
  no_session: {
    status: 30,
    hint: 'La sesión del terminal fue revocada: reinicia SOMA para crear otra.',
  },
  invalid_token: { status: 31, hint: 'El token no vale: reinicia SOMA para rehacer cli.json.' },
  forbidden_host: { status: 32, hint: 'cli.json apunta a una dirección que SOMA no acepta.' },
  forbidden_origin: { status: 33, hint: 'SOMA rechazó el origen de la petición.' },
  rate_limited: { status: 34, hint: 'Demasiados intentos: espera un minuto.' },
  loopback_only: { status: 35, hint: 'Eso solo se puede hacer desde el portátil.' },
  lan_off: { status: 36, hint: 'El modo LAN está apagado.' },
  invalid_code: { status: 37, hint: 'El código de emparejamiento no vale.' },
  not_pending: { status: 38, hint: 'No hay nada pendiente de aprobar.' },
  // The model (40–49).
  no_provider: {
    status: 40,
    hint: 'Configura una clave (GROQ_API_KEY, OPENROUTER_API_KEY) o un modelo local en el arnés.',
  },
  all_failed: { status: 41, hint: 'Ningún proveedor contestó; prueba más tarde.' },
  upstream_rejected: {
    status: 42,
    hint: 'El proveedor rechazó la petición (¿demasiado contexto?).',
  },
  stream_cut: { status: 43, hint: 'La respuesta se cortó; lo recibido se muestra arriba.' },
  bad_response: { status: 44, hint: 'El proveedor envió una respuesta malformada.' },
  timeout: { status: 45, hint: 'Se agotó el tiempo de espera.' },
  no_search_provider: {
    status: 46,
    hint: 'El arnés no tiene un modelo de búsqueda web (webSearch).',
  },
  search_failed: { status: 47, hint: 'La búsqueda web falló.' },
  search_help_off: { status: 48, hint: 'El arnés tiene apagada la ayuda del modelo (searchHelp).' },
  search_help_failed: {
    status: 49,
    hint: 'El modelo no pudo proponer búsquedas; la búsqueda normal sigue.',
  },
  search_help_unreadable: {
    status: 69,
    hint: 'El modelo no devolvió una lista de búsquedas legible; la búsqueda normal sigue.',
  },
  // The semantic layer (60–66).
  embeddings_off: { status: 60, hint: 'La búsqueda semántica está apagada en el arnés.' },
  consent_required: {
    status: 61,
    hint: 'Da permiso en la app antes de enviar texto a ese servicio.',
  },
  consent_mismatch: {
    status: 62,
    hint: 'El servicio cambió desde tu permiso: revisa el estado en la app.',
  },
  embed_failed: { status: 63, hint: 'El servicio de embeddings falló; la búsqueda léxica sigue.' },
  embeddings_paused: {
    status: 64,
    hint: 'La búsqueda semántica está en pausa: actívala en la app (#/semantica).',
  },
  busy: {
    status: 65,
    hint: 'El modelo ya se está descargando o comprobando: espera a que termine.',
  },
  no_model: { status: 66, hint: 'El arnés no nombra ningún modelo que descargar (semanticModel).' },
  // Writes (50–59).
  proposal_expired: { status: 50, hint: 'La propuesta caducó: vuelve a pedirla.' },
  proposal_used: { status: 51, hint: 'Esa propuesta ya se usó.' },
  bad_signature: { status: 52, hint: 'La firma de la propuesta no coincide.' },
  wrong_session: { status: 53, hint: 'La propuesta es de otra sesión.' },
  file_changed: { status: 54, hint: 'El archivo cambió desde la propuesta: vuelve a pedirla.' },
  overwrite_required: { status: 55, hint: 'Sobrescribir necesita tu confirmación expresa.' },
  audit_unavailable: {
    status: 56,
    hint: 'No se puede escribir el registro de auditoría (02_Conciencia/sesiones/soma_auditoria.jsonl): no se escribió nada.',
  },
  already_linked: { status: 57, hint: 'La nota ya enlaza a esa otra en «Conexiones».' },
  history_unavailable: {
    status: 58,
    hint: 'SOMA no pudo guardar la versión anterior en su historial (carpeta de configuración, history/): no se escribió nada.',
  },
  not_removable: {
    status: 59,
    hint: 'SOMA no creó ese archivo: solo se puede restaurar una versión.',
  },
  // Synchronised conversations (67–68).
  conversation_busy: {
    status: 67,
    hint: 'Otro dispositivo está recibiendo una respuesta en esta conversación: espera.',
  },
  conversation_deleted: { status: 68, hint: 'Esa conversación se borró.' },
  // Anything else.
  internal: { status: 70, hint: 'Error interno de SOMA: mira su terminal.' },
  interrupted: { status: 130, hint: 'Interrumpido.' },
};

/** The status for an unknown code (a newer server than this command). */
export const UNKNOWN_STATUS = 1;

/** A failure with a code of the table above and a message for people. */
export class CliError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }

  get status(): number {
    return EXIT[this.code]?.status ?? UNKNOWN_STATUS;
  }

  /** What standard error shows: the message, then what to do about it. */
  describe(): string {
    const hint = EXIT[this.code]?.hint;
    return hint && hint !== this.message
      ? `soma: ${this.message}\n  ${hint}`
      : `soma: ${this.message}`;
  }
}
