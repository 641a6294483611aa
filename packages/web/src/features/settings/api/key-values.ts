import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  settingsRoutes,
  type ManagedSetting,
  type SettingBody,
  type SettingDetail,
  type SettingOverrideBody,
} from '@pluk/contract';
import { apiRequest } from '../../../lib/api-client';
import { settingsKeys, type SettingScope } from './keys';

const routesOf = (scope: SettingScope) =>
  scope === 'admin'
    ? { list: settingsRoutes.adminList, add: settingsRoutes.adminAdd, update: settingsRoutes.adminUpdate }
    : { list: settingsRoutes.list, add: settingsRoutes.add, update: settingsRoutes.update };

export function getSettings(scope: SettingScope): Promise<ManagedSetting[]> {
  return apiRequest(routesOf(scope).list);
}

/** The farm's settings the scope shows: the ApplicationManager's, or the Admin's advanced ones. */
export function useSettingsList(scope: SettingScope) {
  return useQuery({ queryKey: settingsKeys.list(scope), queryFn: () => getSettings(scope) });
}

export function getSettingDetail(key: string): Promise<SettingDetail> {
  return apiRequest(settingsRoutes.detail, { params: { key } });
}

/** One setting with the users who have their own value. */
export function useSettingDetail(key: string | null) {
  return useQuery({
    queryKey: settingsKeys.detail(key ?? ''),
    queryFn: () => getSettingDetail(key ?? ''),
    enabled: key !== null,
  });
}

/** Adds (`mode: 'add'`) or changes a setting; every settings list follows. */
export function useSaveSetting(scope: SettingScope, mode: 'add' | 'update') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SettingBody) => apiRequest(routesOf(scope)[mode], { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: settingsKeys.all }),
  });
}

export function useRemoveSetting(scope: SettingScope) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (key: string) =>
      scope === 'admin'
        ? apiRequest(settingsRoutes.adminRemove, { query: { key } })
        : apiRequest(settingsRoutes.remove, { params: { key } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: settingsKeys.all }),
  });
}

/** Sets or (value null) removes one user's own value. */
export function useManageUserOverride() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SettingOverrideBody) => apiRequest(settingsRoutes.manageUserOverride, { body }),
    onSuccess: (detail) => {
      queryClient.setQueryData(settingsKeys.detail(detail.key), detail);
      return queryClient.invalidateQueries({ queryKey: settingsKeys.all });
    },
  });
}
