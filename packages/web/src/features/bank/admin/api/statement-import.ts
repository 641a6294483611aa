import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  bankRoutes,
  type PagedTransactions,
  type StatementImport,
  type StatementImportDetail,
  type StatementLine,
} from '@pluk/contract';
import { apiRequest } from '../../../../lib/api-client';
import { bankAdminKeys, invalidateTransactionQueries } from './keys';

/** Open transactions shown at once when matching a line by hand: a search narrows them further. */
export const matchCandidatesShown = 10;

/** Reads a bank statement (multipart field `file`); answers the import with every line's outcome. */
export function importStatement(file: File): Promise<StatementImportDetail> {
  const data = new FormData();
  data.append('file', file, file.name);
  return apiRequest(bankRoutes.importStatement, { body: data });
}

export function useImportStatement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importStatement,
    onSuccess: (detail) => {
      queryClient.setQueryData(bankAdminKeys.importDetail(detail.id), detail);
      return invalidateTransactionQueries(queryClient);
    },
  });
}

export function getImports(): Promise<StatementImport[]> {
  return apiRequest(bankRoutes.imports);
}

/** The files read before, the latest first. */
export function useImports() {
  return useQuery(queryOptions({ queryKey: bankAdminKeys.imports, queryFn: getImports }));
}

export function getImportDetail(id: number): Promise<StatementImportDetail> {
  return apiRequest(bankRoutes.importDetail, { params: { id } });
}

/** One earlier file with its lines. */
export function useImportDetail(id: number | null) {
  return useQuery({
    ...queryOptions({
      queryKey: bankAdminKeys.importDetail(id ?? 0),
      queryFn: () => getImportDetail(id ?? 0),
    }),
    enabled: id !== null,
  });
}

export function getOpenTransactions(search: string): Promise<PagedTransactions> {
  return apiRequest(bankRoutes.paged, {
    body: {
      page: 1,
      rowsPerPage: matchCandidatesShown,
      status: 'open',
      ...(search ? { search } : {}),
    },
  });
}

/** Open transactions whose member, e-mail, description or reference holds `search` (to match a line to). */
export function useOpenTransactions(search: string, enabled: boolean) {
  return useQuery({
    queryKey: bankAdminKeys.openTransactions(search),
    queryFn: () => getOpenTransactions(search),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** The line's new state goes into the import it belongs to at once; then every bank query follows. */
function useLineMutation<V extends { importId: number; lineId: number }>(
  mutationFn: (variables: V) => Promise<StatementLine>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (line, { importId }) => {
      queryClient.setQueryData<StatementImportDetail>(bankAdminKeys.importDetail(importId), (detail) =>
        detail
          ? { ...detail, lines: detail.lines.map((item) => (item.id === line.id ? line : item)) }
          : detail,
      );
      return invalidateTransactionQueries(queryClient);
    },
  });
}

/** A flagged or unmatched credit line pays this open transaction. */
export const useMatchLine = () =>
  useLineMutation(({ lineId, transactionId }: { importId: number; lineId: number; transactionId: number }) =>
    apiRequest(bankRoutes.matchLine, { params: { lineId }, body: { transactionId } }),
  );

/** A flagged or unmatched line is set aside. */
export const useIgnoreLine = () =>
  useLineMutation(({ lineId }: { importId: number; lineId: number }) =>
    apiRequest(bankRoutes.ignoreLine, { params: { lineId } }),
  );
