/**
 * Spanish words of the features loaded on demand (proposals, audit, web context);
 * `en-actions.ts` must have the same keys. Loaded by `action-messages.ts` with
 * those features, so they stay off the first page.
 */
export const esActions = {
  'proposal.list': 'Propuestas de escritura',
  'proposal.synapse.ask': '¿Aprobar sinapsis {link}? [S/n]',
  'proposal.synapse.missing': '(no existe)',
  'proposal.synapse.missingHint':
    'Esa nota no existe en la bóveda: el modelo pudo inventarse el enlace.',
  'proposal.synapse.resolved': 'Enlaza con {path}',
  'proposal.appendTo': 'Línea que se añadirá a {path}:',
  'proposal.keysHint': 'S o Intro: sí · N: no',
  'proposal.yes': 'Sí',
  'proposal.no': 'No',
  'proposal.save.title': 'Propuesta: guardar la respuesta en {path}',
  'proposal.write.title': 'Propuesta: escribir la respuesta en {path}',
  'proposal.overwrite.title': 'Propuesta: sobrescribir {path}, que ya existe',
  'proposal.closing.title': 'Propuesta: guardar el cierre de sesión en {path}',
  'proposal.fullIntro': 'Archivo nuevo; este es su contenido completo:',
  'proposal.diffIntro': 'Cambios respecto al archivo actual (− se quita, + se añade):',
  'proposal.diffEmpty': '(sin cambios)',
  'proposal.approve': 'Aprobar',
  'proposal.reject': 'Rechazar',
  'proposal.overwrite': 'Sobrescribir',
  'proposal.proposeAgain': 'Proponer de nuevo',
  'proposal.closing.edit': 'Texto del cierre (puedes editarlo antes de aprobar)',
  'proposal.closing.edited':
    'Has editado el cierre: propónlo de nuevo para poder aprobar el texto editado.',
  'proposal.closing.exact': 'Contenido exacto que se escribirá',
  'proposal.state.pending': 'Pendiente',
  'proposal.state.busy': 'Enviando…',
  'proposal.state.approved': 'Escrito en {path}',
  'proposal.state.rejected': 'Rechazada: no se escribió nada.',
  'proposal.state.expired': 'Caducada: no se escribió nada. Puedes proponerla de nuevo.',
  'proposal.state.changed':
    'El archivo cambió en el disco después de la propuesta: no se escribió nada. Así quedaría respecto a lo que hay ahora:',
  'proposal.state.failed': 'No se escribió nada: {reason}',
  'proposal.retryHint': 'No se pudo completar: {reason}',

  'audit.title': 'Auditoría de escrituras',
  'audit.explain':
    'Cada escritura que SOMA hizo en la bóveda, la más reciente primero. El registro está en {path}.',
  'audit.loading': 'Cargando el registro…',
  'audit.empty': 'SOMA todavía no ha escrito nada en la bóveda.',
  'audit.broken': '{count} líneas del registro no se pudieron leer.',
  'audit.failed': 'No se pudo leer el registro de auditoría.',
  'audit.time': 'Fecha',
  'audit.kind': 'Tipo',
  'audit.path': 'Ruta',
  'audit.hash': 'Hash',
  'audit.device': 'Dispositivo',
  'audit.kind.synapse': 'Sinapsis',
  'audit.kind.save': 'Guardado',
  'audit.kind.write': 'Registro',
  'audit.kind.closing': 'Cierre',

  'external.warning': 'Texto externo: SOMA lo trata como datos, nunca como órdenes.',
  'external.url.summary': '{title} · {site} · {chars} caracteres',
  'external.url.cut': 'La página se cortó al límite del arnés.',
  'external.trim': 'Recorta el texto: solo se enviará lo que quede aquí',
  'external.web.summary': 'Web: «{question}» · {count} fuentes',
  'external.web.sources': 'Fuentes',
  'external.web.noSources': 'La respuesta no trae fuentes.',
  'external.newTab': '{title} (se abre en una pestaña nueva)',
} as const;

export type ActionKey = keyof typeof esActions;
/** Every language provides the same keys as `esActions`. */
export type ActionMessages = { readonly [K in ActionKey]: string };
