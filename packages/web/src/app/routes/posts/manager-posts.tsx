import { ManagerPostList } from '../../../features/post/components/manager-post-list';
import { paths } from '../../paths';

/** /applicationManager/posts */
export function ManagerPostsRoute() {
  return (
    <ManagerPostList
      newHref={paths.manager.posts.create.getHref()}
      detailHref={(id) => paths.manager.posts.detail.getHref(id)}
    />
  );
}
