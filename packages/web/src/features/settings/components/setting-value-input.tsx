import { Anchor, ColorInput, NumberInput, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { coordinateText, type SettingCatalogEntry } from '@pluk/contract';
import { useTranslation } from 'react-i18next';

interface Props {
  entry: SettingCatalogEntry | null;
  label: string;
  description: string | null;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  /** The other coordinate of the weather's point, for the map link. */
  otherCoordinate?: string | null;
}

/** An OpenStreetMap link to the point, once both coordinates are numbers. */
function MapLink({ latitude, longitude }: { latitude: string; longitude: string }) {
  const { t } = useTranslation('settings');
  const lat = Number(coordinateText(latitude));
  const lon = Number(coordinateText(longitude));
  if (!Number.isFinite(lat) || !Number.isFinite(lon) || latitude.trim() === '' || longitude.trim() === '')
    return null;
  return (
    <Anchor
      href={`https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=14/${lat}/${lon}`}
      target="_blank"
      rel="noopener noreferrer"
      size="sm"
    >
      {t('catalog.mapLink')}
    </Anchor>
  );
}

/**
 * The input that fits a setting's value (decision 094): a number for a number, a switch for on/off, a
 * colour picker, coordinates with a map link, an IBAN checked by its check digits; free text for a
 * farm's own keys. The value stays the stored text.
 */
export function SettingValueInput({
  entry,
  label,
  description,
  value,
  onChange,
  error,
  otherCoordinate,
}: Props) {
  const { t } = useTranslation('settings');
  const common = { label, description: description ?? undefined, error, size: 'md' as const };
  switch (entry?.input) {
    case 'integer':
      return (
        <NumberInput
          {...common}
          value={value === '' ? '' : Number(value)}
          onChange={(next) => onChange(String(next))}
          min={entry.min}
          max={entry.max}
          allowDecimal={false}
          clampBehavior="none"
        />
      );
    case 'boolean':
      return (
        <Switch
          label={label}
          description={description ?? undefined}
          error={error}
          checked={value === 'true'}
          onChange={(event) => onChange(event.currentTarget.checked ? 'true' : 'false')}
          onLabel={t('catalog.on')}
          offLabel={t('catalog.off')}
          size="md"
        />
      );
    case 'colour':
      return <ColorInput {...common} value={value} onChange={onChange} format="hex" />;
    case 'latitude':
    case 'longitude': {
      const [latitude, longitude] =
        entry.input === 'latitude' ? [value, otherCoordinate ?? ''] : [otherCoordinate ?? '', value];
      return (
        <Stack gap={4}>
          <TextInput
            {...common}
            inputMode="decimal"
            autoComplete="off"
            value={value.replace('.', ',')}
            onChange={(event) => onChange(coordinateText(event.currentTarget.value))}
          />
          <MapLink latitude={latitude} longitude={longitude} />
        </Stack>
      );
    }
    case 'iban':
    case 'bic':
      return (
        <TextInput
          {...common}
          autoComplete="off"
          spellCheck={false}
          value={value}
          onChange={(event) => onChange(event.currentTarget.value.toUpperCase())}
        />
      );
    case 'url':
      return (
        <TextInput {...common} type="url" value={value} onChange={(e) => onChange(e.currentTarget.value)} />
      );
    case 'email':
      return (
        <TextInput {...common} type="email" value={value} onChange={(e) => onChange(e.currentTarget.value)} />
      );
    case 'text':
      return <TextInput {...common} value={value} onChange={(e) => onChange(e.currentTarget.value)} />;
    default:
      return (
        <Textarea
          {...common}
          autosize
          minRows={2}
          maxLength={10_000}
          value={value}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
  }
}
