import { Button, CopyButton, Group, Text, VisuallyHidden } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/**
 * One transfer detail as a term and its value with a copy button: the value shown as people read it,
 * the copied text as a banking app takes it. The button says what it copies (its name starts with its
 * visible text, WCAG 2.5.3), and a status line tells a screen reader that it worked.
 */
export function CopyValue({
  label,
  value,
  copyText = value,
}: {
  label: string;
  value: string;
  copyText?: string;
}) {
  const { t } = useTranslation('bank');
  return (
    <div>
      <Text component="dt" size="sm" c="dimmed">
        {label}
      </Text>
      <Group component="dd" m={0} gap="xs" justify="space-between" align="center">
        {/* Room for the whole value on a phone: the button moves below it rather than break it up. */}
        <Text fw={600} ff="monospace" className="pluk-wrap" style={{ flex: '1 1 12rem' }}>
          {value}
        </Text>
        <CopyButton value={copyText} timeout={2500}>
          {({ copied, copy }) => (
            <>
              <Button
                variant="light"
                size="sm"
                color={copied ? 'green' : undefined}
                leftSection={
                  copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />
                }
                aria-label={
                  copied ? t('payment.copiedLabel', { what: label }) : t('payment.copyLabel', { what: label })
                }
                onClick={copy}
              >
                {copied ? t('payment.copied') : t('payment.copy')}
              </Button>
              <VisuallyHidden role="status">
                {copied ? t('payment.copiedStatus', { what: label }) : ''}
              </VisuallyHidden>
            </>
          )}
        </CopyButton>
      </Group>
    </div>
  );
}

/** A transfer detail without a copy button (the BIC, the amount). */
export function PlainValue({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text component="dt" size="sm" c="dimmed">
        {label}
      </Text>
      <Text component="dd" m={0} fw={600} className="pluk-wrap">
        {value}
      </Text>
    </div>
  );
}
