import type { DeviceName } from '../../common/api-schemas.ts';
import type { Words } from '../i18n/describe-notice.ts';

/**
 * A session's name as the reader sees it: the name SOMA chose, in the reader's language,
 * or the one the person gave, as written.
 */
export function deviceName(session: { label: string; device?: DeviceName }, t: Words): string {
  const device = session.device;
  if (!device) return session.label;
  if (device.code === 'browser_on_system' || device.code === 'browser') {
    const browser = device.params.browser || t('devices.auto.someBrowser');
    return t(`devices.auto.${device.code}`, { ...device.params, browser });
  }
  return t(`devices.auto.${device.code}`);
}
