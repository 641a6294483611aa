import { IconPhoto } from '@tabler/icons-react';
import classes from './photo-placeholder.module.css';

/**
 * The first letter of a name as it is read: "IJsbergsla" starts with the Dutch "IJ". Empty when the
 * name starts with no letter or digit.
 */
export function initialOf(name: string): string {
  const trimmed = name.trim();
  if (/^ij/i.test(trimmed)) return 'IJ';
  const first = trimmed.match(/[\p{L}\p{N}]/u)?.[0];
  return first ? first.toLocaleUpperCase('nl-BE') : '';
}

/**
 * Where a photo is missing or cannot be shown (decision 089): a tile in the farm's colour with the
 * initial of the crop or offer, or a photo icon when the name has no letter. Decorative: the name is
 * always written beside or below it.
 */
export function PhotoPlaceholder({
  name,
  height,
  width = '100%',
  radius,
}: {
  name: string;
  height: number;
  width?: number | string;
  radius?: number | string;
}) {
  const initial = initialOf(name);
  return (
    <div
      className={classes.tile}
      style={{ height, width, fontSize: Math.round(height * 0.42), borderRadius: radius }}
      aria-hidden
      data-photo-placeholder
    >
      {initial || <IconPhoto size={Math.round(height * 0.36)} stroke={1.6} />}
    </div>
  );
}
