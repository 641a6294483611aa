import { CreateAppForm } from '../../../features/admin/components/create-app-form';

/** /applicationManager/settings/CreateNewApp (Admin): a new farm with its first Admin. */
export function CreateNewAppRoute() {
  return <CreateAppForm />;
}
