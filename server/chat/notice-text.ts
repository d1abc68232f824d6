import type { TurnNotice } from '../../common/notice-schemas.ts';

/**
 * A turn notice in Spanish, for API users and the `soma` command, which read the
 * meta event's `notices`; the PWA words `noticeCodes` itself (web/i18n), in its language.
 */
export function noticeText(notice: TurnNotice): string {
  const p = notice.params;
  switch (notice.code) {
    case 'turns_dropped':
      return `Se dejaron fuera ${p.count} mensajes antiguos del historial para no superar el límite de contexto.`;
    case 'attachment_cut':
      return `Se recortó «${p.label}»: se enviaron ${p.sent} de ${p.total} caracteres.`;
    case 'listing_cut':
      return `La lista de notas de la bóveda se recortó: faltan ${p.omitted} nombres.`;
  }
}
