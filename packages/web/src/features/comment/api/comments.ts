import {
  infiniteQueryOptions,
  useInfiniteQuery,
  useMutation,
  useQueryClient,
  type InfiniteData,
} from '@tanstack/react-query';
import {
  commentRoutes,
  type Comment,
  type CommentPage,
  type CommentSubjectType,
  type CreateCommentBody,
  type UpdateCommentBody,
} from '@pluk/contract';
import { apiRequest } from '../../../lib/api-client';
import { feedPaging, type FeedPageParam } from '../../../lib/feed-pages';

export const commentsQueryKey = (subjectType: CommentSubjectType, subjectId: number) =>
  ['comments', subjectType, subjectId] as const;

export function getComments(
  subjectType: CommentSubjectType,
  subjectId: number,
  page: FeedPageParam = { page: 0 },
): Promise<CommentPage> {
  return apiRequest(commentRoutes.list, { params: { subjectType, subjectId }, query: { ...page } });
}

export const commentsQueryOptions = (subjectType: CommentSubjectType, subjectId: number) =>
  infiniteQueryOptions({
    queryKey: commentsQueryKey(subjectType, subjectId),
    queryFn: ({ pageParam }) => getComments(subjectType, subjectId, pageParam),
    ...feedPaging,
  });

/** The comments on one subject, oldest first, a page at a time ("Meer laden"). */
export function useComments(subjectType: CommentSubjectType, subjectId: number) {
  return useInfiniteQuery(commentsQueryOptions(subjectType, subjectId));
}

export function createComment(body: CreateCommentBody): Promise<Comment> {
  return apiRequest(commentRoutes.create, { body });
}

export function updateComment(body: UpdateCommentBody): Promise<Comment> {
  return apiRequest(commentRoutes.update, { body });
}

export async function deleteComment(id: number): Promise<void> {
  await apiRequest(commentRoutes.delete, { params: { id } });
}

/**
 * Add, edit and delete on one subject. Edit and delete refresh the loaded pages. A new comment is added
 * to the last loaded page instead: it belongs at the end, which may lie beyond the pages loaded so far,
 * and it must show at once under the form that sent it.
 */
export function useCommentMutations(subjectType: CommentSubjectType, subjectId: number) {
  const queryClient = useQueryClient();
  const queryKey = commentsQueryKey(subjectType, subjectId);
  const refresh = () => queryClient.invalidateQueries({ queryKey });
  const append = (created: Comment) =>
    queryClient.setQueryData<InfiniteData<CommentPage, number>>(queryKey, (data) => {
      if (!data || data.pages.length === 0) return data;
      const pages = data.pages.map((page) => ({ ...page, total: page.total + 1 }));
      const last = pages[pages.length - 1]!;
      pages[pages.length - 1] = { ...last, items: [...last.items, created] };
      return { ...data, pages };
    });
  return {
    create: useMutation({
      mutationFn: (body: string) => createComment({ subjectType, subjectId, body }),
      onSuccess: append,
    }),
    update: useMutation({ mutationFn: updateComment, onSuccess: refresh }),
    remove: useMutation({ mutationFn: deleteComment, onSuccess: refresh }),
  };
}
