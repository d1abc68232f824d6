import { useStores } from '../app/store-context.tsx';
import { fill, type Locale, type MessageParams } from '../i18n/translate.ts';

/**
 * The words of the devices, LAN and pairing screens, in both languages. They load with
 * those screens rather than with the first page's dictionary (web/i18n), which the
 * first page's JavaScript budget has no room for. `en` must have exactly `es`'s keys.
 */
const es = {
  'devices.title': 'Dispositivos emparejados',
  'devices.current': '(este)',
  'devices.lastUsed': 'Último uso: {when}',
  'devices.revoke': 'Revocar',
  'devices.revokeLabel': 'Revocar «{name}»',
  'lan.title': 'Móvil en la red de casa',
  'lan.off': 'El modo LAN está apagado. Arranca SOMA con --lan para usarlo desde el móvil.',
  'lan.urls': 'Direcciones:',
  'lan.fingerprint': 'Huella SHA-256 de la autoridad local (compárala en el móvil):',
  'lan.download': 'Descargar la autoridad (soma-ca.crt)',
  'pairing.add': 'Añadir un móvil',
  'pairing.scan': 'Escanea el código con el móvil (caduca en 2 minutos) o abre esta dirección:',
  'pairing.qr': 'Código QR para emparejar',
  'pairing.ask': '¿Emparejar «{name}»?',
  'pairing.approve': 'Emparejar',
  'pairing.reject': 'Rechazar',
  'pairing.approved': 'Emparejado.',
  'pairing.rejected': 'Rechazado.',
  'pairing.expired': 'El código caducó. Pide otro.',
  'pair.title': 'Emparejar este dispositivo con SOMA',
  'pair.name': 'Nombre de este dispositivo',
  'pair.submit': 'Pedir acceso',
  'pair.waiting': 'Confírmalo en el portátil: «{name}».',
  'pair.done': 'Listo. Abriendo SOMA…',
  'pair.noCode': 'Falta el código: escanea el QR que muestra SOMA en el portátil.',
} as const;

const en: Record<keyof typeof es, string> = {
  'devices.title': 'Paired devices',
  'devices.current': '(this one)',
  'devices.lastUsed': 'Last used: {when}',
  'devices.revoke': 'Revoke',
  'devices.revokeLabel': 'Revoke “{name}”',
  'lan.title': 'Phone on the home network',
  'lan.off': 'LAN mode is off. Start SOMA with --lan to use it from your phone.',
  'lan.urls': 'Addresses:',
  'lan.fingerprint': 'SHA-256 fingerprint of the local authority (compare it on the phone):',
  'lan.download': 'Download the authority (soma-ca.crt)',
  'pairing.add': 'Add a phone',
  'pairing.scan': 'Scan the code with the phone (it expires in 2 minutes) or open this address:',
  'pairing.qr': 'QR code to pair',
  'pairing.ask': 'Pair “{name}”?',
  'pairing.approve': 'Pair',
  'pairing.reject': 'Reject',
  'pairing.approved': 'Paired.',
  'pairing.rejected': 'Rejected.',
  'pairing.expired': 'The code expired. Ask for another.',
  'pair.title': 'Pair this device with SOMA',
  'pair.name': 'Name of this device',
  'pair.submit': 'Ask for access',
  'pair.waiting': 'Confirm it on the laptop: “{name}”.',
  'pair.done': 'Done. Opening SOMA…',
  'pair.noCode': 'The code is missing: scan the QR code SOMA shows on the laptop.',
};

/** How to install the local authority, step by step (long and rarely read). */
export const LAN_STEPS: Record<Locale, { android: string[]; ios: string[] }> = {
  es: {
    android: [
      'Android: en el móvil, abre la dirección de SOMA y descarga soma-ca.crt.',
      'Ajustes → Seguridad y privacidad → Más ajustes → Cifrado y credenciales → Instalar un certificado → Certificado de CA.',
      'Elige soma-ca.crt y comprueba que la huella coincide con la de arriba.',
    ],
    ios: [
      'iPhone: abre soma-ca.crt en Safari y permite descargar el perfil.',
      'Ajustes → Perfil descargado → Instalar.',
      'Ajustes → General → Información → Confianza de certificados → activa «SOMA autoridad local»; comprueba la huella.',
    ],
  },
  en: {
    android: [
      'Android: on the phone, open the SOMA address and download soma-ca.crt.',
      'Settings → Security & privacy → More settings → Encryption & credentials → Install a certificate → CA certificate.',
      'Pick soma-ca.crt and check that the fingerprint matches the one above.',
    ],
    ios: [
      'iPhone: open soma-ca.crt in Safari and allow the profile download.',
      'Settings → Profile Downloaded → Install.',
      'Settings → General → About → Certificate Trust Settings → turn on “SOMA autoridad local”; check the fingerprint.',
    ],
  },
};

export type PairingWord = keyof typeof es;

/** `w(key, params)` for these screens, following the app's language. */
export function usePairingWords() {
  const i18n = useStores().i18n;
  return (key: PairingWord, params?: MessageParams): string =>
    fill((i18n.locale() === 'en' ? en : es)[key], params);
}
