import QRCode from 'qrcode';
import { useEffect, useState } from 'react';

/** A deposit address as a QR code image (dark modules on white, readable in both themes). */
export function AddressQr({ value, label }: { value: string; label: string }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    setUrl(null);
    QRCode.toDataURL(value, { margin: 1, width: 176, errorCorrectionLevel: 'M' }).then(
      (dataUrl) => {
        if (current) setUrl(dataUrl);
      },
      () => undefined, // the address stays readable and copyable
    );
    return () => {
      current = false;
    };
  }, [value]);
  return <div className="wallet-qr">{url ? <img src={url} alt={label} width={176} height={176} data-testid="deposit-qr" /> : null}</div>;
}
