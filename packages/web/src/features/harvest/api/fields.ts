import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { harvestRoutes, type Field, type FieldInput } from '@pluk/contract';
import { apiRequest } from '../../../lib/api-client';
import { harvestKeys, invalidateHarvestQueries } from './keys';

export function getFields(): Promise<Field[]> {
  return apiRequest(harvestRoutes.fieldList);
}

/** The fields of the farm by position, then name (`GET applicationManager/Field`). */
export function useFields(options: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: harvestKeys.fieldList, queryFn: getFields, enabled: options.enabled ?? true });
}

export function getField(id: number): Promise<Field> {
  return apiRequest(harvestRoutes.fieldDetail, { params: { id } });
}

export function useField(id: number) {
  return useQuery({ queryKey: harvestKeys.field(id), queryFn: () => getField(id) });
}

export function useCreateField() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: FieldInput) => apiRequest(harvestRoutes.fieldCreate, { body: input }),
    onSuccess: (field) => {
      queryClient.setQueryData(harvestKeys.field(field.id), field);
      return invalidateHarvestQueries(queryClient);
    },
  });
}

/** Deletes a field; the server refuses (FIELD_IN_USE, in Dutch) while a crop grows there. */
export function useDeleteField() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest(harvestRoutes.fieldDelete, { query: { id } }),
    onSuccess: (_result, id) => {
      queryClient.removeQueries({ queryKey: harvestKeys.field(id) });
      return invalidateHarvestQueries(queryClient);
    },
  });
}
