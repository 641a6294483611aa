import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FieldForm } from '../../../features/harvest/components/field-form';
import { paths } from '../../paths';

/** /applicationManager/fields/new (modal layout): after saving, the new field's page. */
export function ManagerFieldNewRoute() {
  const { t } = useTranslation('harvest');
  const navigate = useNavigate();
  return (
    <FieldForm
      onSaved={(field) => {
        notifications.show({ color: 'brand', message: t('field.created') });
        void navigate(paths.manager.fields.detail.getHref(field.id), { replace: true });
      }}
    />
  );
}
