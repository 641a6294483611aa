import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  settingsRoutes,
  type AppColors,
  type AppInfo,
  type ColorsBody,
  type LogoUpload,
  type MembershipSettings,
  type MembershipSettingsBody,
  type SettingsOverview,
  type SettingsOverviewBody,
} from '@pluk/contract';
import { apiRequest } from '../../../lib/api-client';
import { appColorsKey, appInfoKey, settingsKeys } from './keys';

export function getOverview(): Promise<SettingsOverview> {
  return apiRequest(settingsRoutes.overview);
}

/** The farm's name and the start of its harvest year. */
export const useOverview = () => useQuery({ queryKey: settingsKeys.overview, queryFn: getOverview });

/** Saves them; the header and the document title take the new name at once. */
export function useSaveOverview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SettingsOverviewBody) => apiRequest(settingsRoutes.saveOverview, { body }),
    onSuccess: (overview) => {
      queryClient.setQueryData(settingsKeys.overview, overview);
      queryClient.setQueryData<AppInfo>(appInfoKey, (info) => info && { ...info, appName: overview.appName });
      // Harvest years count from the new day: every list that names one follows.
      return queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== 'info' });
    },
  });
}

export function getColors(): Promise<AppColors> {
  return apiRequest(settingsRoutes.colors);
}

export const useColors = () => useQuery({ queryKey: settingsKeys.colors, queryFn: getColors });

/** Saves the colours; the theme (every screen) repaints with them at once. */
export function useSaveColors() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ColorsBody) => apiRequest(settingsRoutes.saveColors, { body }),
    onSuccess: (colors) => {
      queryClient.setQueryData(settingsKeys.colors, colors);
      queryClient.setQueryData(appColorsKey, colors);
    },
  });
}

export function getMembershipSettings(): Promise<MembershipSettings> {
  return apiRequest(settingsRoutes.membership);
}

export const useMembershipSettings = () =>
  useQuery({ queryKey: settingsKeys.membership, queryFn: getMembershipSettings });

export function useSaveMembershipSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MembershipSettingsBody) => apiRequest(settingsRoutes.saveMembership, { body }),
    onSuccess: (saved) => {
      queryClient.setQueryData(settingsKeys.membership, saved);
      return Promise.all(
        ['membershipExplanation', 'customRegistrationQuestion'].map((name) =>
          queryClient.invalidateQueries({ queryKey: ['info', name] }),
        ),
      );
    },
  });
}

export function uploadLogo(file: File): Promise<LogoUpload> {
  const data = new FormData();
  data.append('name', file.name);
  data.append('file', file, file.name);
  return apiRequest(settingsRoutes.uploadLogo, { body: data });
}

/** Uploads a new logo; the header shows it at once (its address carries the new version). */
export function useUploadLogo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadLogo,
    onSuccess: ({ logoUrl }) => {
      queryClient.setQueryData<AppInfo>(appInfoKey, (info) => info && { ...info, logoUrl });
    },
  });
}
