import { Center, Image, Loader } from '@mantine/core';
import { useEffect, useState } from 'react';

/**
 * `value` as a QR code, for a device with a camera (a pairing token, a deposit address); the
 * encoder is fetched the first time one is shown.
 */
export function QrCode({ value, alt, size = 240 }: { value: string; alt: string; size?: number }) {
  const [image, setImage] = useState<{ value: string; url: string } | null>(null);

  useEffect(() => {
    let current = true;
    void import('qrcode')
      .then((qrcode) => qrcode.toDataURL(value, { errorCorrectionLevel: 'M', margin: 2, width: size }))
      .then((url) => {
        if (current) setImage({ value, url });
      });
    return () => {
      current = false;
    };
  }, [value, size]);

  if (image?.value !== value) {
    return (
      <Center w={size} h={size}>
        <Loader size="sm" role="status" aria-label="Drawing the QR code" />
      </Center>
    );
  }
  return <Image src={image.url} alt={alt} w={size} h={size} fit="contain" />;
}
