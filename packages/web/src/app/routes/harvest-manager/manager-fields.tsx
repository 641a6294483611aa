import { FieldList } from '../../../features/harvest/components/field-list';
import { paths } from '../../paths';

/** /applicationManager/fields */
export function ManagerFieldsRoute() {
  return (
    <FieldList hrefOf={paths.manager.fields.detail.getHref} newHref={paths.manager.fields.create.getHref()} />
  );
}
