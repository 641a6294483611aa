import { Skeleton, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The QR code's modules: `size` × `size`, dark where `data[row * size + column]` is set. */
interface QrMatrix {
  size: number;
  data: ArrayLike<number | boolean>;
}

/** White around the code, four modules wide, as the QR standard asks for a reliable scan. */
const quietZone = 4;
const shownSize = '15rem';

/**
 * Encodes `text` with the `qrcode` package, loaded only when a payment page shows a QR code: it stays
 * out of the first load of every other screen (decision 045), and the page's text does not wait for it.
 * Error correction level M, as the EPC standard requires.
 */
function useQrMatrix(text: string): { matrix: QrMatrix | null; failed: boolean } {
  const [result, setResult] = useState<{ text: string; matrix: QrMatrix | null; failed: boolean } | null>(
    null,
  );
  useEffect(() => {
    let current = true;
    import('qrcode')
      .then((qrcode) => {
        const code = qrcode.create(text, { errorCorrectionLevel: 'M' });
        if (current) setResult({ text, matrix: code.modules, failed: false });
      })
      .catch(() => {
        // The chunk did not arrive (offline) or the text does not fit: the transfer details still do.
        if (current) setResult({ text, matrix: null, failed: true });
      });
    return () => {
      current = false;
    };
  }, [text]);
  if (!result || result.text !== text) return { matrix: null, failed: false };
  return result;
}

/** One path for all dark modules: a small SVG that stays sharp at any zoom. */
function pathOf(matrix: QrMatrix): string {
  const parts: string[] = [];
  for (let row = 0; row < matrix.size; row++) {
    for (let column = 0; column < matrix.size; column++) {
      if (matrix.data[row * matrix.size + column]) {
        parts.push(`M${column + quietZone} ${row + quietZone}h1v1h-1z`);
      }
    }
  }
  return parts.join('');
}

/**
 * The EPC (SEPA credit transfer) QR code a banking app scans to fill in the transfer, as an SVG image
 * named for what it does. Black on white whatever the farm's colours: scanners need the contrast.
 */
export function EpcQrCode({ payload }: { payload: string }) {
  const { t } = useTranslation('bank');
  const { matrix, failed } = useQrMatrix(payload);
  if (failed) return <Text c="dimmed">{t('payment.qrFailed')}</Text>;
  if (!matrix) return <Skeleton width={shownSize} height={shownSize} maw="100%" radius="sm" />;
  const side = matrix.size + quietZone * 2;
  return (
    <svg
      role="img"
      aria-label={t('payment.qrLabel')}
      viewBox={`0 0 ${side} ${side}`}
      shapeRendering="crispEdges"
      style={{ display: 'block', width: shownSize, maxWidth: '100%', height: 'auto' }}
      data-testid="epc-qr"
    >
      <rect width={side} height={side} fill="#fff" />
      <path d={pathOf(matrix)} fill="#000" />
    </svg>
  );
}
