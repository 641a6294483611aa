import {
  IconCloud,
  IconCloudBolt,
  IconCloudFog,
  IconCloudRain,
  IconCloudSnow,
  IconMoon,
  IconSun,
  type Icon,
} from '@tabler/icons-react';

/** An icon per kind of weather (WMO code), with the moon for a clear night. */
export function weatherIcon(code: number, isDay: boolean): Icon {
  if (code <= 1) return isDay ? IconSun : IconMoon;
  if (code <= 3) return IconCloud;
  if (code === 45 || code === 48) return IconCloudFog;
  if ((code >= 71 && code <= 77) || code === 85 || code === 86) return IconCloudSnow;
  if (code >= 95) return IconCloudBolt;
  if (code >= 51) return IconCloudRain;
  return IconCloud;
}
