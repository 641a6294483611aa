import { Badge } from '@mantine/core';
import { Fragment } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

const placeholderPattern = /(\{\{-?\s*[^{}\s,]+[^{}]*\}\})/g;

function placeholderWords(t: TFunction<'translation'>, part: string): string {
  const name = /\{\{-?\s*([^{}\s,]+)/.exec(part)?.[1] ?? '';
  return t(`placeholderNames.${name}`, { defaultValue: '' }) || t('placeholderNames.other');
}

/** The same as one line of plain text (a button's accessible name): `{{name}}` as ‹naam›. */
export function readablePlain(t: TFunction<'translation'>, text: string): string {
  return text
    .split(placeholderPattern)
    .map((part, index) => (index % 2 === 0 ? part : `‹${placeholderWords(t, part)}›`))
    .join('');
}

/**
 * A text as people read it (decision 094): an invulveld `{{appName}}` shows as a small badge in words
 * ("naam van de boerderij"), never as the developer's name in braces.
 */
export function ReadableText({ text }: { text: string }) {
  const { t } = useTranslation('translation');
  return (
    <>
      {text.split(placeholderPattern).map((part, index) => {
        if (index % 2 === 0) return <Fragment key={index}>{part}</Fragment>;
        return (
          <Badge key={index} component="span" variant="outline" size="sm" radius="sm" tt="none" mx={2}>
            {placeholderWords(t, part)}
          </Badge>
        );
      })}
    </>
  );
}
