import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  api,
  type Comment,
  type CommentSubjectType,
  type CreateCommentBody,
  type UpdateCommentBody,
} from '@pluk/contract';
import { apiRequest } from '../../../lib/api-client';

export const commentsQueryKey = (subjectType: CommentSubjectType, subjectId: number) =>
  ['comments', subjectType, subjectId] as const;

export function getComments(subjectType: CommentSubjectType, subjectId: number): Promise<Comment[]> {
  return apiRequest(api.comment.list, { params: { subjectType, subjectId } });
}

export const commentsQueryOptions = (subjectType: CommentSubjectType, subjectId: number) =>
  queryOptions({
    queryKey: commentsQueryKey(subjectType, subjectId),
    queryFn: () => getComments(subjectType, subjectId),
  });

/** The comments on one subject, oldest first. */
export function useComments(subjectType: CommentSubjectType, subjectId: number) {
  return useQuery(commentsQueryOptions(subjectType, subjectId));
}

export function createComment(body: CreateCommentBody): Promise<Comment> {
  return apiRequest(api.comment.create, { body });
}

export function updateComment(body: UpdateCommentBody): Promise<Comment> {
  return apiRequest(api.comment.update, { body });
}

export async function deleteComment(id: number): Promise<void> {
  await apiRequest(api.comment.delete, { params: { id } });
}

/** Add, edit and delete on one subject; each refreshes that subject's list. */
export function useCommentMutations(subjectType: CommentSubjectType, subjectId: number) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: commentsQueryKey(subjectType, subjectId) });
  return {
    create: useMutation({
      mutationFn: (body: string) => createComment({ subjectType, subjectId, body }),
      onSuccess: refresh,
    }),
    update: useMutation({ mutationFn: updateComment, onSuccess: refresh }),
    remove: useMutation({ mutationFn: deleteComment, onSuccess: refresh }),
  };
}
