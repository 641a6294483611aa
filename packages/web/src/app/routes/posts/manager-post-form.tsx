import { notifications } from '@mantine/notifications';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ErrorState, LoadingState } from '../../../components/query-state';
import { MediaImage } from '../../../features/media/components/media-image';
import { useManagedPost } from '../../../features/post/api/posts';
import { PostForm } from '../../../features/post/components/post-form';
import type { ManagedPost } from '@pluk/contract';
import { paths } from '../../paths';

function useAfterSave() {
  const { t } = useTranslation('posts');
  const navigate = useNavigate();
  return (post: ManagedPost) => {
    notifications.show({ color: 'brand', message: t('manager.saved') });
    void navigate(paths.manager.posts.detail.getHref(post.id), { replace: true });
  };
}

/** /applicationManager/posts/new (modal layout). */
export function ManagerPostNewRoute() {
  const onSaved = useAfterSave();
  return <PostForm onSaved={onSaved} ExistingImage={MediaImage} />;
}

/** /applicationManager/posts/:id/edit (modal layout). */
export function ManagerPostEditRoute() {
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const query = useManagedPost(id, { enabled: valid });
  const onSaved = useAfterSave();
  if (!valid) return <ErrorState error={new Error('not found')} />;
  if (query.isPending) return <LoadingState />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  return <PostForm post={query.data} onSaved={onSaved} ExistingImage={MediaImage} />;
}
