import { Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../components/dialog';

export interface StartupQuestionsActions {
  /** Hides the dialog until the app starts again. */
  onLater: () => void;
  /** Goes to the questionnaire. */
  onContinue: () => void;
}

/**
 * 'Controleer jouw gegevens' (docs/product/settings-and-farms.md, "Start-up"): only its two buttons close it
 * — no close button, no Escape, no click beside it — so the member makes a choice. Were Mantine to close it
 * anyway, that would count as 'Later'.
 */
export function StartupQuestionsDialog({ onLater, onContinue }: StartupQuestionsActions) {
  const { t } = useTranslation('reenrolment');
  return (
    <Dialog
      opened
      onClose={onLater}
      title={t('startup.title')}
      withCloseButton={false}
      closeOnEscape={false}
      closeOnClickOutside={false}
    >
      <Stack>
        <Text>{t('startup.text')}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onLater}>
            {t('startup.later')}
          </Button>
          <Button onClick={onContinue} data-autofocus>
            {t('startup.continue')}
          </Button>
        </Group>
      </Stack>
    </Dialog>
  );
}
