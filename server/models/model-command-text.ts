import type { SemanticModel } from '../../harness/embeddings-schema.ts';
import { type DownloadProgress, type ModelInstallError, modelBytes } from './model-source.ts';

/**
 * The words of `npm run model`: a terminal command has no UI to word `{ code, params }`, so it
 * says in Spanish what happened and what to do. The panel words the same codes in `web/i18n`.
 */

export const HELP = `Uso: npm run model -- [opciones]

Descarga el modelo de «Buscar por significado» que nombra el arnés (semanticModel),
comprueba el tamaño y la suma SHA-256 de cada archivo y lo instala en
<carpeta de configuración>/models/<nombre>/. Si se corta, vuelve a ejecutarlo: sigue
donde se quedó. El servidor no necesita reiniciarse para verlo.

  --base-url URL      un espejo con la misma estructura (<URL>/<repo>/resolve/<commit>/<archivo>)
  --from CARPETA      instalar desde una carpeta que ya tiene los archivos (una memoria USB), sin red
  --config-dir RUTA   carpeta de configuración (SOMA_CONFIG_DIR; por defecto ~/.config/soma)
  --harness ARCHIVO   arnés del que leer el modelo (SOMA_HARNESS; por defecto harness/soma.json)
  --help              mostrar esta ayuda
`;

const number = (n: number, digits = 1) =>
  new Intl.NumberFormat('es-ES', {
    maximumFractionDigits: digits,
    minimumFractionDigits: digits,
  }).format(n);

/** «118,3 MB»: decimal megabytes, as download sites count. */
export const megabytes = (bytes: number) => `${number(bytes / 1_000_000)} MB`;

function duration(seconds: number): string {
  if (seconds < 60) return `${seconds} s`;
  const m = Math.floor(seconds / 60);
  if (m < 60) return `${m} min ${seconds % 60} s`;
  return `${Math.floor(m / 60)} h ${m % 60} min`;
}

/** What will happen, before anything is fetched. */
export function planText(model: SemanticModel, source: string, target: string): string {
  const files = model.files.map((f) => `  ${f.name} (${megabytes(f.bytes)})`).join('\n');
  return `Modelo ${model.label}: ${megabytes(modelBytes(model))} en ${model.files.length} archivos\n${files}\nDesde: ${source}\nA:     ${target}\n`;
}

/** One progress line: file, bytes, percentage, rate and time left when known. */
export function progressText(p: DownloadProgress): string {
  const pct = p.totalBytes > 0 ? Math.floor((p.doneBytes / p.totalBytes) * 100) : 0;
  const head = `${p.file}: ${megabytes(p.doneBytes)} de ${megabytes(p.totalBytes)} (${pct} %)`;
  if (p.phase === 'checking') return `${head} · comprobando SHA-256`;
  const rate = p.bytesPerSecond > 0 ? ` · ${megabytes(p.bytesPerSecond)}/s` : '';
  const left =
    p.secondsLeft !== null && p.bytesPerSecond > 0 ? ` · quedan ${duration(p.secondsLeft)}` : '';
  return `${head}${rate}${left}`;
}

const RETRY = 'Vuelve a ejecutar «npm run model»: seguirá donde se quedó.';

/** A sentence per install error: what happened and what the user can do about it. */
export function errorText(err: ModelInstallError, model: SemanticModel): string {
  const p = err.params;
  switch (err.code) {
    case 'network': {
      const why =
        p.reason === 'timeout' ? 'la conexión dejó de responder' : `sin conexión (${p.reason})`;
      return `No se pudo descargar el modelo: ${why}. Comprueba la red. ${RETRY} Si tu red bloquea el servidor, usa --base-url con un espejo o --from con una carpeta que ya tenga los archivos.`;
    }
    case 'http_status': {
      const status = Number(p.status);
      const why =
        status === 404
          ? 'el archivo no está en esa dirección (¿un espejo sin este modelo o sin este commit?)'
          : status === 401 || status === 403
            ? 'el servidor no deja descargarlo'
            : status >= 500
              ? 'un fallo del servidor; suele pasar solo, prueba en unos minutos'
              : 'una respuesta inesperada';
      return `El servidor respondió ${status}: ${why}. Comprueba --base-url o prueba con --from.`;
    }
    case 'size':
      return `«${p.file}» no tiene el tamaño esperado (${p.bytes} bytes en lugar de ${p.expected}): no es el archivo que fija el arnés. No se ha instalado; vuelve a intentarlo, o trae el archivo correcto.`;
    case 'checksum':
      return `La suma SHA-256 de «${p.file}» no es la que fija el arnés: el archivo está dañado o es de otra versión. Se ha descartado; vuelve a intentarlo, o trae el archivo correcto.`;
    case 'disk_full':
      return `No queda espacio en el disco (${p.path}). El modelo necesita ${megabytes(modelBytes(model))}: libera espacio y ${RETRY.toLowerCase()}`;
    case 'not_writable':
      return `No se puede escribir en ${p.path}: revisa sus permisos, o elige otra carpeta con --config-dir.`;
    case 'busy':
      return `Ya se está instalando este modelo${p.pid ? ` (proceso ${p.pid})` : ''}, quizá desde el panel de SOMA. Espera a que termine.`;
    case 'cancelled':
      return `Descarga interrumpida; lo ya descargado se conserva. ${RETRY}`;
    case 'not_a_folder':
      return `${p.dir} no es una carpeta. Indica con --from la carpeta que tiene los archivos del modelo.`;
    case 'missing': {
      const file = model.files.find((f) => f.name === p.file);
      const where = file && file.path !== file.name ? ` o como ${file.path}` : '';
      return `Falta «${p.file}» en la carpeta: debe estar con ese nombre${where}.`;
    }
  }
}
