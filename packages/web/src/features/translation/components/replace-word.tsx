import { Alert, Button, Card, Group, SimpleGrid, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconReplace } from '@tabler/icons-react';
import { wordReplaceSchema, type WordReplacePreview } from '@pluk/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../../components/form-error';
import { fieldErrors, useErrorText } from '../../../lib/form';
import { usePreviewWordReplace, useWordReplace } from '../api/replace-word';
import { ReadableText } from './readable-text';

/** Changes shown at once in the preview; the rest are counted. */
const shownChanges = 30;

/**
 * 'Replace a word everywhere' (decision 094): Klusjes → Taken in every text the farm sees, as one
 * action. First a preview of every text before and after; only then the button that changes them all.
 */
export function ReplaceWord() {
  const { t } = useTranslation('translation');
  const errorText = useErrorText();
  const [find, setFind] = useState('');
  const [replace, setReplace] = useState('');
  const [wholeWord, setWholeWord] = useState(true);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const preview = usePreviewWordReplace();
  const apply = useWordReplace();
  const [shown, setShown] = useState<{
    body: { find: string; replace: string; wholeWord: boolean };
    preview: WordReplacePreview;
  } | null>(null);

  const change = (patch: () => void) => {
    patch();
    setErrors({});
    setShown(null);
    preview.reset();
    apply.reset();
  };
  const showPreview = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = wordReplaceSchema.safeParse({ find, replace, wholeWord });
    if (!parsed.success) {
      setErrors(
        Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message])),
      );
      return;
    }
    preview.mutate(parsed.data, {
      onSuccess: (answer) => setShown({ body: parsed.data, preview: answer }),
      onError: (error) => setErrors(fieldErrors(error)),
    });
  };
  const confirm = () => {
    if (!shown) return;
    apply.mutate(shown, {
      onSuccess: (result) => {
        notifications.show({
          color: 'brand',
          message: t('replace.done', {
            count: result.changed,
            find: shown.body.find,
            replace: shown.body.replace,
          }),
        });
        setShown(null);
        setFind('');
        setReplace('');
      },
    });
  };
  const changes = shown?.preview.changes ?? [];
  return (
    <Card withBorder radius="md" padding="md">
      <form onSubmit={showPreview} noValidate>
        <Stack gap="sm">
          <Title order={2} size="h4">
            {t('replace.title')}
          </Title>
          <Text size="sm" className="pluk-wrap">
            {t('replace.intro')}
          </Text>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
            <TextInput
              label={t('replace.find')}
              value={find}
              onChange={(event) => change(() => setFind(event.currentTarget.value))}
              error={errors.find}
              maxLength={100}
              autoComplete="off"
            />
            <TextInput
              label={t('replace.replace')}
              value={replace}
              onChange={(event) => change(() => setReplace(event.currentTarget.value))}
              error={errors.replace}
              maxLength={100}
              autoComplete="off"
            />
          </SimpleGrid>
          <Switch
            label={t('replace.insideWords')}
            description={t('replace.insideWordsHelp')}
            checked={!wholeWord}
            onChange={(event) => change(() => setWholeWord(!event.currentTarget.checked))}
          />
          {preview.isError && !errors.find && !errors.replace && (
            <FormError>{errorText(preview.error)}</FormError>
          )}
          <Group>
            <Button type="submit" variant="light" loading={preview.isPending}>
              {t('replace.preview')}
            </Button>
          </Group>
          <div aria-live="polite">
            {shown &&
              (changes.length === 0 ? (
                <Alert color="gray">{t('replace.none', { find: shown.body.find })}</Alert>
              ) : (
                <Stack gap="xs">
                  <Text fw={600}>
                    {t('replace.summary', { count: changes.length, occurrences: shown.preview.occurrences })}
                  </Text>
                  <Stack
                    component="ul"
                    gap={4}
                    m={0}
                    p={0}
                    style={{ listStyle: 'none' }}
                    aria-label={t('replace.listLabel')}
                  >
                    {changes.slice(0, shownChanges).map((item) => (
                      <Card
                        component="li"
                        key={`${item.namespace}:${item.key}`}
                        withBorder
                        padding="xs"
                        radius="sm"
                      >
                        <Text size="sm" c="dimmed" className="pluk-wrap">
                          <ReadableText text={item.before} />
                        </Text>
                        <Text size="sm" fw={600} className="pluk-wrap">
                          → <ReadableText text={item.after} />
                        </Text>
                      </Card>
                    ))}
                  </Stack>
                  {changes.length > shownChanges && (
                    <Text size="sm">{t('replace.more', { count: changes.length - shownChanges })}</Text>
                  )}
                  {apply.isError && <FormError>{errorText(apply.error)}</FormError>}
                  <Group>
                    <Button
                      leftSection={<IconReplace size={18} aria-hidden />}
                      loading={apply.isPending}
                      onClick={confirm}
                    >
                      {t('replace.confirm', { count: changes.length })}
                    </Button>
                  </Group>
                  <Text size="xs" c="dimmed" className="pluk-wrap">
                    {t('replace.undoHint')}
                  </Text>
                </Stack>
              ))}
          </div>
        </Stack>
      </form>
    </Card>
  );
}
