import { useMutation } from '@tanstack/react-query';
import { adminRoutes, type CreatedApp } from '@pluk/contract';
import { apiRequest } from '../../../lib/api-client';

/** The new-farm form as sent: its text fields (host names as typed) and the optional logo. */
export interface NewFarmForm {
  fields: Record<string, string>;
  logo: File | null;
}

function formData({ fields, logo }: NewFarmForm): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  if (logo) data.append('logo', logo, logo.name);
  return data;
}

/** Makes a new farm with its first Admin (`POST Admin/AdminAction/createApp`, multipart). */
export function createApp(form: NewFarmForm): Promise<CreatedApp> {
  return apiRequest(adminRoutes.createApp, { body: formData(form) });
}

export const useCreateApp = () => useMutation({ mutationFn: createApp });
