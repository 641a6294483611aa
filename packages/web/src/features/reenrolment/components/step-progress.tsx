import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import classes from './step-progress.module.css';

/**
 * Where I am in the questionnaire: every step's name, numbered, the current one marked (`aria-current`).
 * It wraps onto more lines on a narrow phone or with large text instead of scrolling sideways.
 */
export function StepProgress({ steps, current }: { steps: string[]; current: number }) {
  const { t } = useTranslation('reenrolment');
  return (
    <nav aria-label={t('steps.label')}>
      <ol className={classes.list}>
        {steps.map((step, index) => (
          <li
            key={step}
            className={classes.step}
            data-state={index < current ? 'done' : index === current ? 'current' : 'todo'}
            aria-current={index === current ? 'step' : undefined}
          >
            <span className={classes.number} aria-hidden>
              {index + 1}
            </span>
            <Text span size="sm" fw={index === current ? 700 : 400}>
              {step}
            </Text>
          </li>
        ))}
      </ol>
    </nav>
  );
}
