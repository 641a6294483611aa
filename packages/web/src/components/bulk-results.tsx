import { Group, List, Progress, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconAlertTriangle, IconCheck } from '@tabler/icons-react';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../lib/form';

export interface BulkResult {
  id: number;
  name: string;
  ok: boolean;
  message: string;
}

/**
 * Runs one action for each selected row, one after the other (each its own call, so one refusal stops
 * nothing else), and keeps a result per row: what the screen shows while and after it runs. Shared by
 * the users' multi-actions, the crops and the reservations (ADR 096).
 */
export function useBulkRun() {
  const errorText = useErrorText();
  const [results, setResults] = useState<BulkResult[]>([]);
  const [total, setTotal] = useState(0);
  const [running, setRunning] = useState(false);
  const busy = useRef(false);
  const start = useCallback(
    async <T extends { id: number }>(
      targets: T[],
      nameOf: (target: T) => string,
      run: (target: T) => Promise<string>,
    ) => {
      if (busy.current) return;
      busy.current = true;
      setRunning(true);
      setResults([]);
      setTotal(targets.length);
      for (const target of targets) {
        const name = nameOf(target);
        let result: BulkResult;
        try {
          result = { id: target.id, name, ok: true, message: await run(target) };
        } catch (error) {
          result = { id: target.id, name, ok: false, message: errorText(error) };
        }
        setResults((previous) => [...previous, result]);
      }
      busy.current = false;
      setRunning(false);
    },
    [errorText],
  );
  return { start, results, total, running };
}

/** Progress while the action runs, then each row's result (done, or why not). */
export function BulkResults({
  results,
  total,
  running,
  label,
}: {
  results: BulkResult[];
  total: number;
  running: boolean;
  /** The result list's name ("Resultaat per lid"). */
  label: string;
}) {
  const { t } = useTranslation('lists');
  if (total === 0) return null;
  const failed = results.filter((result) => !result.ok).length;
  return (
    <Stack gap="xs">
      <Progress
        value={(results.length / total) * 100}
        aria-label={t('bulk.progressLabel')}
        animated={running}
      />
      <Text aria-live="polite" fw={600}>
        {running
          ? t('bulk.running', { done: results.length, total })
          : t('bulk.finished', { count: total - failed, failed })}
      </Text>
      <List spacing={4} size="sm" listStyleType="none" aria-label={label}>
        {results.map((result) => (
          <List.Item key={result.id}>
            <Group gap="xs" wrap="nowrap" align="flex-start">
              <ThemeIcon size={20} radius="xl" color={result.ok ? 'green' : 'red'} variant="light">
                {result.ok ? (
                  <IconCheck size={14} aria-hidden />
                ) : (
                  <IconAlertTriangle size={14} aria-hidden />
                )}
              </ThemeIcon>
              <Text size="sm" className="pluk-wrap">
                <Text span fw={600}>
                  {result.name}
                </Text>
                : {result.ok ? result.message || t('bulk.ok') : result.message}
              </Text>
            </Group>
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}
