import { Button } from '@douyinfe/semi-ui-19';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** "Send code", then a countdown until another code may be requested. */
export function SendCodeButton({ onSend }: { onSend: () => Promise<number | null> }) {
  const { t } = useTranslation('identity');
  const [secondsLeft, setSecondsLeft] = useState(0);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    if (secondsLeft <= 0) return;
    const timer = setTimeout(() => setSecondsLeft((seconds) => seconds - 1), 1000);
    return () => clearTimeout(timer);
  }, [secondsLeft]);

  const send = async () => {
    setSending(true);
    try {
      const wait = await onSend();
      if (wait) setSecondsLeft(wait);
    } finally {
      setSending(false);
    }
  };

  return (
    <Button className="id-send-code" size="large" theme="light" loading={sending} disabled={secondsLeft > 0} onClick={() => void send()}>
      {secondsLeft > 0 ? t('register.resendIn', { seconds: secondsLeft }) : t('register.sendCode')}
    </Button>
  );
}
