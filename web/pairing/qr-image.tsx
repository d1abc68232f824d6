import { createResource, Show } from 'solid-js';

/** uqr is loaded with the first QR code, never with the first page. */
const loadQr = () => import('uqr');

/** A QR code of `text` as an image (an SVG data URL: no innerHTML, allowed by the CSP). */
export function QrImage(props: { text: string; label: string }) {
  const [src] = createResource(
    () => props.text,
    async (text) => {
      const { renderSVG } = await loadQr();
      return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(renderSVG(text, { border: 2 }))}`;
    },
  );
  return (
    <Show when={src()}>
      {(url) => (
        <img
          class="pairing-qr"
          src={url()}
          alt={props.label}
          width="240"
          height="240"
          data-testid="pairing-qr"
        />
      )}
    </Show>
  );
}
