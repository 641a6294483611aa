import { importParam, StatementImportScreen } from '../../../features/bank/admin/components/statement-import';
import { paths } from '../../paths';

const links = {
  importHref: (importId?: number) =>
    importId === undefined
      ? paths.manager.bankImport.getHref()
      : `${paths.manager.bankImport.getHref()}?${importParam}=${importId}`,
};

/** /applicationManager/bank/import */
export function ManagerBankImportRoute() {
  return <StatementImportScreen links={links} />;
}
