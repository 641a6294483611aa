import { useNavigate } from 'react-router';
import { FieldDetailView } from '../../../features/harvest/components/field-detail';
import { paths } from '../../paths';
import { NotFoundRoute } from '../not-found';
import { useIdParam } from './use-id-param';

/** /applicationManager/fields/{id} */
export function ManagerFieldDetailRoute() {
  const id = useIdParam();
  const navigate = useNavigate();
  if (id === null) return <NotFoundRoute />;
  return (
    <FieldDetailView
      fieldId={id}
      onDeleted={() => void navigate(paths.manager.fields.list.getHref(), { replace: true })}
    />
  );
}
